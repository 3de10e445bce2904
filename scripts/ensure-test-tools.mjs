// The tests drive Debian's Chromium, check signed containers with xmlsec1
// and xmllint, tools we did not write, and put Debian's nginx in front of
// several instances. Where one is missing, install it when
// we can (root with apt-get); otherwise stop with one line saying how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const TOOLS = [
  { binary: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', debianPackage: 'chromium', hint: 'or set CHROMIUM_PATH to a Chromium binary' },
  { binary: '/usr/bin/xmlsec1', debianPackage: 'xmlsec1' },
  { binary: '/usr/bin/xmllint', debianPackage: 'libxml2-utils' },
  { binary: process.env.NGINX_PATH ?? '/usr/sbin/nginx', debianPackage: 'nginx', hint: 'or set NGINX_PATH to an nginx binary' },
];

const missing = TOOLS.filter((tool) => !existsSync(tool.binary));
if (missing.length > 0) {
  const packages = missing.map((tool) => tool.debianPackage);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    const hints = missing.map((tool) => tool.hint).filter(Boolean);
    console.error(
      `Missing ${missing.map((tool) => tool.binary).join(', ')}: install with "sudo apt-get install -y ${packages.join(' ')}" (Debian/Ubuntu)${hints.length ? ` ${hints.join('; ')}` : ''}.`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${packages.join(', ')} for the tests...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  const stillMissing = missing.filter((tool) => !existsSync(tool.binary));
  if (stillMissing.length > 0) {
    console.error(`Still missing after apt-get install: ${stillMissing.map((tool) => tool.binary).join(', ')}.`);
    process.exit(1);
  }
}
