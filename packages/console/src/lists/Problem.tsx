import { errorText } from '../api';

/** What went wrong, said once in words (an alert, so screen readers say it at once); nothing when all is well. */
export function Problem({ error }: { error: unknown }) {
  return error ? <p role="alert">{errorText(error)}</p> : null;
}
