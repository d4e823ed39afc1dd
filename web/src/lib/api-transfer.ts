import { API_BASE, callHeaders, failedCall, NetworkError } from './api-client';

/**
 * The two calls the shared JSON helper cannot make: a file download (the answer is a blob, not
 * JSON) and an upload whose progress the screen shows (fetch reports none, XMLHttpRequest does).
 * Both send the same token and turn a failure into the same ApiError, 401 included, through
 * api-client's `failedCall`.
 */

export interface DownloadedFile {
  blob: Blob;
  /** The server's name from Content-Disposition, else `fallbackName`. */
  fileName: string;
}

/** The file name of `attachment; filename="staff-2025-01-31.csv"` (or RFC 5987's filename*). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

/** GETs a file with the caller's token; a refusal answers the JSON envelope and throws. */
export async function apiDownload(
  path: string,
  fallbackName: string,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const { headers, token } = callHeaders();
  headers.Accept = 'text/csv, application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    throw failedCall(response, payload, token);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    // The server cut the stream short (an error after the first bytes,
    // docs/adr/0024-csv-exports-stream.md).
    throw new NetworkError();
  }
  return {
    blob,
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName,
  };
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL can go once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** The body's size in bytes (0 when unknown). */
  total: number;
}

/**
 * POSTs JSON with XMLHttpRequest so the screen can show upload progress; `onUploaded` fires when
 * the last byte is sent and the server is working. Answers the parsed envelope like apiRequest.
 */
export function apiUpload<T>(
  path: string,
  body: unknown,
  handlers: {
    onProgress?: (progress: UploadProgress) => void;
    onUploaded?: () => void;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  const { headers, token } = callHeaders({ json: true });
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) =>
      handlers.onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : 0,
      }),
    );
    request.upload.addEventListener('load', () => handlers.onUploaded?.());
    request.addEventListener('load', () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        // not JSON: the status line decides the message
      }
      if (request.status >= 200 && request.status < 300) resolve(payload as T);
      else reject(failedCall(request, payload, token));
    });
    request.addEventListener('error', () => reject(new NetworkError()));
    request.addEventListener('abort', () =>
      reject(new DOMException('The upload was cancelled', 'AbortError')),
    );
    handlers.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(JSON.stringify(body));
  });
}
