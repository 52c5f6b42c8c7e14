import { api } from './api-client.ts';
import { authStore } from './auth-store.ts';

/**
 * Downloads a file an admin API route answers (CSV, not the JSON envelope the API client reads):
 * fetched with the session's bearer token (refreshed once when refused) and saved under `name`.
 */
export async function downloadCsv(path: string, name: string): Promise<void> {
  const send = () => {
    const token = authStore().getState().token;
    return window.fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  };
  let res = await send();
  if (res.status === 401 && (await api().refresh())) res = await send();
  if (!res.ok)
    throw new Error(
      res.status === 401 || res.status === 403
        ? 'Your session does not allow this download. Sign in again.'
        : `The download failed (the server answered ${res.status}).`,
    );
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
