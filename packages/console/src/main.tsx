import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { isStatus } from './api';
import { router } from './router';
import './styles.css';

// The dialogs' scroll lock inserts a <style> element; the page's policy admits it with this page's nonce
// (served in a meta tag with index.html), never with 'unsafe-inline'.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (styleNonce) setNonce(styleNonce);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Live events keep data fresh (live/), so nothing refetches merely because a window got focus.
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => count < 2 && !isStatus(error, 401) && !isStatus(error, 403) && !isStatus(error, 404),
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} context={{ queryClient }} />
    </QueryClientProvider>
  </StrictMode>,
);
