import type { SignedIn } from '@helpdesk/sdk/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { helpdesk, isStatus } from '../api';

// The signed-in staff user, from GET /auth/session (which also hands the SDK its CSRF token). null: signed out.
export const sessionQuery = {
  queryKey: ['session'] as const,
  queryFn: async (): Promise<SignedIn | null> => {
    try {
      return await helpdesk.auth.session();
    } catch (error) {
      if (isStatus(error, 401)) return null;
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
};

export const useSession = () => useQuery(sessionQuery);

/** The signed-in user inside the shell (which renders nothing until the session is known). */
export function useMe(): SignedIn {
  const { data } = useSession();
  if (!data) throw new Error('useMe outside a signed-in page');
  return data;
}

export function useSignedIn() {
  const client = useQueryClient();
  return (signedIn: SignedIn) => {
    client.clear();
    client.setQueryData(sessionQuery.queryKey, signedIn);
  };
}
