import { endpointPath, signingEndpoints } from '@onboarding/domain';
import { useState } from 'react';
import { NetworkError, parseErrorResponse } from './api-errors';
import { apiOriginFor } from './page-settings';
import { emitSessionEnded } from './session-events';
import { clearSessionTokens, readSessionValue } from './session-storage';

const FILENAME = /filename="?([^";]+)"?/i;

/**
 * A file of the onboarding API that needs the bearer token, so a plain link
 * cannot fetch it: read here and saved from an object URL. apiRequest reads
 * JSON only, hence this call of its own.
 */
async function fetchFile(path: string, accept: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const accessToken = readSessionValue('accessToken');
  let response: Response;
  try {
    response = await fetch(`${apiOriginFor(path)}${path}`, {
      headers: { Accept: accept, ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) },
      credentials: 'include',
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const error = await parseErrorResponse(response);
    // docs/requirements.md section 6, as apiRequest does it: a 401 or 403 from the onboarding API logs the user out.
    if (error.status === 401 || error.status === 403) {
      clearSessionTokens({ isProcessIdCleared: true });
      emitSessionEnded('unauthorized');
    }
    throw error;
  }
  const filename = FILENAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  return { blob: await response.blob(), filename };
}

/** GET applications/:processId/contract: the contract PDF (before signing, the one about to be signed). */
export const fetchContract = (processId: string) =>
  fetchFile(endpointPath(signingEndpoints.contract.path, { processId }), 'application/pdf', `contract-${processId}.pdf`);

/**
 * GET applications/:processId/contract?disposition=inline: the same PDF, answered to be read in the browser rather
 * than saved ("Read the contract" before signing).
 */
export const fetchContractToRead = (processId: string) =>
  fetchFile(`${endpointPath(signingEndpoints.contract.path, { processId })}?disposition=inline`, 'application/pdf', `contract-${processId}.pdf`);

/** The media type of an ASiC-E container (ETSI EN 319 162-1), as the server sends the signed contract. */
export const ASICE_MEDIA_TYPE = 'application/vnd.etsi.asic-e+zip';

/** GET applications/:processId/contract/signed: the signed contract as an ASiC-E container (.asice, opens in DigiDoc4), once submitted. */
export const fetchSignedContract = (processId: string) =>
  fetchFile(endpointPath(signingEndpoints.signedContract.path, { processId }), ASICE_MEDIA_TYPE, `contract-${processId}.asice`);

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

/** A file as a download for a button: whether it is on its way, and whether the last try failed, and why. */
function useFileDownload(fetchIt: () => Promise<{ blob: Blob; filename: string }>) {
  const [isLoading, setIsLoading] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const download = async (): Promise<void> => {
    setIsLoading(true);
    setFailure(null);
    try {
      const { blob, filename } = await fetchIt();
      saveFile(blob, filename);
    } catch (error) {
      setFailure({ error });
    } finally {
      setIsLoading(false);
    }
  };
  return { download, isLoading, hasFailed: failure !== null, error: failure?.error };
}

/**
 * A file to read in the browser's own viewer, for a button. The bearer token keeps a plain link from fetching it, so
 * the file is read here and shown from an object URL in a new tab. The tab is opened at the click itself, while the
 * browser still takes it for the person's doing (one opened once the file has arrived would be blocked as a pop-up),
 * and is shown the file when it arrives; it closes again if the file cannot be read. Where the browser blocks the
 * tab anyway, the file is saved instead, so the reader still gets it.
 */
function useFileReading(fetchIt: () => Promise<{ blob: Blob; filename: string }>, openingTitle: string) {
  const [isLoading, setIsLoading] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const read = async (): Promise<void> => {
    // Without noopener: the tab shows this page's own object URL, which only a tab opened from here may load.
    const tab = window.open('', '_blank');
    if (tab) tab.document.title = openingTitle;
    setIsLoading(true);
    setFailure(null);
    try {
      const { blob, filename } = await fetchIt();
      if (!tab) {
        saveFile(blob, filename);
        return;
      }
      const url = URL.createObjectURL(blob);
      tab.location.href = url;
      // The viewer may read the file again (to save or print it): the previous one goes only when the next is shown.
      if (shownUrl) URL.revokeObjectURL(shownUrl);
      setShownUrl(url);
    } catch (error) {
      tab?.close();
      setFailure({ error });
    } finally {
      setIsLoading(false);
    }
  };
  return { read, isLoading, hasFailed: failure !== null, error: failure?.error };
}

/** The contract to read in a new tab, for a button; `openingTitle` names the tab until the PDF is in it. */
export const useContractReading = (processId: string, openingTitle: string) => useFileReading(() => fetchContractToRead(processId), openingTitle);

/** The contract as a download for a button. */
export const useContractDownload = (processId: string) => useFileDownload(() => fetchContract(processId));

/** The signed container as a download for a button. */
export const useSignedContractDownload = (processId: string) => useFileDownload(() => fetchSignedContract(processId));
