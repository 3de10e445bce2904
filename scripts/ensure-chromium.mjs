// The browser tests drive Debian's Chromium. Where it is missing, install it
// when we can (root with apt-get); otherwise stop with one line saying how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromiumPath)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${chromiumPath}: install it with "sudo apt-get install -y chromium" (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary.`,
    );
    process.exit(1);
  }
  console.log('Installing Debian\'s chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(chromiumPath)) {
    console.error(`Chromium is still missing at ${chromiumPath} after apt-get install chromium.`);
    process.exit(1);
  }
}
