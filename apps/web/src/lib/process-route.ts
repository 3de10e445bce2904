/** Id of the route whose loader checks the process id (app/route-guard.ts); its data is ProcessRouteData. */
export const PROCESS_ROUTE_ID = 'with-process-id';
export type ProcessRouteData = { processId: string };
