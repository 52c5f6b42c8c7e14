/** One part of a multipart/form-data body: a field, or a file when it has a file name. */
export interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it, with its content-type header (and any others given). */
export function multipart(parts: Part[], headers: Record<string, string> = {}) {
  const boundary = '----docs-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName !== undefined ? `; filename="${p.fileName}"` : ''}`;
    const type = p.fileName !== undefined ? `\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal PDF (the server tells the type by its first bytes), padded to about `kb` kilobytes when asked. */
export const pdf = (text: string, kb = 0) => Buffer.from(`%PDF-1.4\n% ${text}\n${' '.repeat(kb * 1024)}%%EOF\n`);
