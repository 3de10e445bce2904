export { startSimulators, type SimulatorEndpoints, type SimulatorHandle, type StartSimulatorsOptions } from './start-simulators.js';
export { connectSimulators } from './connect-simulators.js';
export type { TestPerson } from './simulator-pki.js';
