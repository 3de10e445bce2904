import { endpointPath, signingEndpoints } from '@onboarding/domain';
import { useState } from 'react';
import { NetworkError, parseErrorResponse } from './api-errors';
import { emitSessionEnded } from './session-events';
import { clearSessionTokens, readSessionValue } from './session-storage';

const FILENAME = /filename="?([^";]+)"?/i;

/**
 * GET applications/:processId/contract: the contract PDF (before signing, the one about to be signed). It needs the
 * bearer token, so a plain link cannot fetch it; the file is read here and
 * saved from an object URL. apiRequest reads JSON only, hence this call of its own.
 */
export async function fetchContract(processId: string): Promise<{ blob: Blob; filename: string }> {
  const accessToken = readSessionValue('accessToken');
  let response: Response;
  try {
    response = await fetch(endpointPath(signingEndpoints.contract.path, { processId }), {
      headers: { Accept: 'application/pdf', ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) },
      credentials: 'include',
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const error = await parseErrorResponse(response);
    // SPEC.md section 6, as apiRequest does it: a 401 or 403 from the onboarding API logs the user out.
    if (error.status === 401 || error.status === 403) {
      clearSessionTokens({ isProcessIdCleared: true });
      emitSessionEnded('unauthorized');
    }
    throw error;
  }
  const filename = FILENAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `contract-${processId}.pdf`;
  return { blob: await response.blob(), filename };
}

/** Hands a file to the browser's download, then lets the object URL go. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}


/** The contract as a download for a button: whether it is on its way, and whether the last try failed. */
export function useContractDownload(processId: string) {
  const [isLoading, setIsLoading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const download = async (): Promise<void> => {
    setIsLoading(true);
    setHasFailed(false);
    try {
      const { blob, filename } = await fetchContract(processId);
      saveFile(blob, filename);
    } catch {
      setHasFailed(true);
    } finally {
      setIsLoading(false);
    }
  };
  return { download, isLoading, hasFailed };
}
