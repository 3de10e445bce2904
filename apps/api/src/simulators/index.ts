export { startSimulators, type SimulatorHandle, type StartSimulatorsOptions } from './start-simulators.js';
export type { TestPerson } from './simulator-pki.js';
