/** Command-line options of `npm run bench` and the durations they imply. */
export type BenchOptions = {
  /** Run the app on embedded PGlite instead of PostgreSQL. */
  isPglite: boolean;
  /** Short durations for a smoke run. */
  isQuick: boolean;
  isLighthouseSkipped: boolean;
  isMillionSkipped: boolean;
  /** Skip `npm run build` and use the existing apps/api/dist and apps/web/dist. */
  isBuildSkipped: boolean;
  /** Start the app server with --cpu-prof and summarise the profile at the end. */
  isProfiled: boolean;
  /** Only the journeys against 1 and 3 instances behind nginx (scripts/cluster). */
  isCluster: boolean;
  /** Seconds of measured load per scenario, and of warm-up before it. */
  durationSeconds: number;
  warmupSeconds: number;
  /** Connections for reading, saving and the floors. */
  connections: number;
  /** Concurrent journeys (each one connection that goes from sign-in to SIGNED, then starts again). */
  journeys: number;
  /** Applications seeded for the "million" step-save figure. */
  seedCount: number;
  databaseUrl: string;
};

const DEFAULT_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

function valueOf(args: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return args.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

export function parseOptions(args: readonly string[], env: Record<string, string | undefined>): BenchOptions {
  const known = ['--pglite', '--quick', '--skip-lighthouse', '--skip-million', '--skip-build', '--profile', '--cluster'];
  for (const arg of args) {
    if (!known.includes(arg) && !/^--(duration|connections|journeys|seed)=\d+$/.test(arg)) {
      throw new Error(`unknown option ${arg}; known: ${known.join(' ')} --duration=S --connections=N --journeys=N --seed=N`);
    }
  }
  const isPglite = args.includes('--pglite');
  if (isPglite && args.includes('--cluster')) throw new Error('--cluster needs PostgreSQL: several instances cannot share an embedded PGlite');
  const isQuick = args.includes('--quick');
  const number = (name: string, fallback: number) => Number(valueOf(args, name) ?? fallback);
  return {
    isPglite,
    isQuick,
    isLighthouseSkipped: args.includes('--skip-lighthouse'),
    isMillionSkipped: args.includes('--skip-million'),
    isBuildSkipped: args.includes('--skip-build'),
    isProfiled: args.includes('--profile'),
    isCluster: args.includes('--cluster'),
    durationSeconds: number('duration', isQuick ? 3 : 20),
    warmupSeconds: isQuick ? 1 : 5,
    connections: number('connections', 64),
    journeys: number('journeys', 64),
    // PGlite writes one row at a time on the server's own thread: a million takes too long there.
    seedCount: number('seed', isQuick ? 20_000 : isPglite ? 100_000 : 1_000_000),
    databaseUrl: env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
  };
}
