import { contractPath, type ContractInput, type ContractSpec } from '#shared/contracts/contract.ts';
import { api, type CallArgs } from './api-client.ts';
import { authStore } from './auth-store.ts';

/** Saves a file in the browser under `name` (a temporary link to the blob, clicked once). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves text as a file (an export that arrived inside the JSON envelope). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveFile(new Blob([text], { type }), filename);
}

/**
 * Calls an export contract (a POST with the view as its body) and saves the file it answers (through
 * the API client, which carries the session), under the name the server gives or else `fallbackName`.
 */
export async function downloadExport<C extends ContractSpec>(contract: C, input: ContractInput<C>, fallbackName: string): Promise<void> {
  const { blob, filename } = await api().download(contract, ...([input] as CallArgs<C>));
  saveFile(blob, filename ?? fallbackName);
}

/**
 * Downloads the file of a GET contract without input (CSV, not the JSON envelope the API client reads):
 * fetched with the session's bearer token (refreshed once when refused) and saved under `name`.
 */
export async function downloadCsv(contract: ContractSpec & { method: 'GET' }, name: string): Promise<void> {
  const path = contractPath(contract);
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
  saveFile(await res.blob(), name);
}
