// Every citation of a document must resolve inside the repository. A comment, test or document that cites
// `docs/<name>.md section 3.4` (or `sections 2 and 5`, `habit 6`, `section 3 "Overview"`) names a file that
// exists and a heading numbered so; a quoted phrase after the citation appears in the cited section. A
// document kept outside the repository (the upper-case names below) may not be cited at all.
//
//   node scripts/check-citations.mjs      prints file:line for each broken citation; exits 1 if any
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NUMBER = String.raw`\d+(?:\.\d+)*`;
const DOCUMENT = /(?<![\w./-])docs\/((?:[\w-]+\/)*[\w.-]+?\.md)\b/g;
// What may follow a document: a possessive or a comma, section numbers, then a quoted phrase.
const TAIL = new RegExp(
  String.raw`^\`?(?:'s)?\s*,?\s*(?:(?:sections?|habits?)\s+(${NUMBER}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s+or\s+)${NUMBER})*))?` +
    String.raw`(?:\s*[,:]?\s*["“]([^"”\s,][^"”]{0,299})["”])?`,
);
const OUTSIDE = /(?<![\w.-])((?:[\w.-]+\/)*)(SPEC|EID-FACTS|DESIGN|GLOSSARY|STYLE|REGISTER-FACTS)\.md\b|\/work\/shared\b/g;
const HEADING = /^(#{1,6})\s+(?:(\d+(?:\.\d+)*)\.?\s+)?(.*)$/;
// What starts a line that continues a comment: its marker and the space after it.
const CONTINUATION = /^\s*(?:\/\/+|\*(?!\/)|#+|<!--)?\s*/;

/** Lower case, one space, no emphasis marks, plain quotes and dashes: how a quote is compared with a document. */
const normalise = (text) =>
  text
    .toLowerCase()
    .replace(/[*`]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

/** The numbered headings of a Markdown document, each with the text up to the next heading of its level or above. */
export function sectionsOf(markdown) {
  const lines = markdown.split('\n');
  const headings = [];
  let isInFence = false;
  lines.forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) isInFence = !isInFence;
    const match = isInFence ? null : HEADING.exec(line);
    if (match) headings.push({ level: match[1].length, number: match[2], title: match[3], index });
  });
  const sections = new Map();
  headings.forEach((heading, position) => {
    if (!heading.number || sections.has(heading.number)) return;
    const next = headings.slice(position + 1).find((other) => other.level <= heading.level);
    sections.set(heading.number, normalise(lines.slice(heading.index, next ? next.index : lines.length).join('\n')));
  });
  return sections;
}

/** The file's text with each comment continuation joined to the line before, and where each line starts in it. */
function joinLines(text) {
  const starts = [];
  let joined = '';
  text.split('\n').forEach((line, index) => {
    if (index > 0) joined += ' ';
    starts.push(joined.length);
    joined += index > 0 ? line.replace(CONTINUATION, '') : line;
  });
  return { joined, lineAt: (offset) => starts.findLastIndex((start) => start <= offset) + 1 };
}

/**
 * The broken citations of `files` ([{ path, text }]); `readDocument(path)` gives a document's text, or
 * undefined when there is no such file. Returns [{ file, line, message }].
 */
export function checkCitations(files, readDocument) {
  const problems = [];
  const documents = new Map();
  const documentOf = (name) => {
    if (!documents.has(name)) {
      const text = readDocument(name);
      documents.set(name, text === undefined ? undefined : { text: normalise(text), sections: sectionsOf(text) });
    }
    return documents.get(name);
  };
  for (const file of files) {
    file.text.split('\n').forEach((line, index) => {
      for (const match of line.matchAll(OUTSIDE)) {
        const cited = match[0];
        problems.push({ file: file.path, line: index + 1, message: `${cited} is not in the repository; cite its copy in docs/` });
      }
    });
    const { joined, lineAt } = joinLines(file.text);
    for (const match of joined.matchAll(DOCUMENT)) {
      const name = `docs/${match[1]}`;
      const at = { file: file.path, line: lineAt(match.index) };
      const document = documentOf(name);
      if (!document) {
        problems.push({ ...at, message: `${name} does not exist` });
        continue;
      }
      const [, numbers, quote] = TAIL.exec(joined.slice(match.index + match[0].length)) ?? [];
      const cited = numbers ? numbers.match(new RegExp(NUMBER, 'g')) : [];
      const missing = cited.filter((number) => !document.sections.has(number));
      for (const number of missing) problems.push({ ...at, message: `${name} has no section ${number}` });
      if (!quote || missing.length > 0) continue;
      const texts = cited.length > 0 ? cited.map((number) => document.sections.get(number)) : [document.text];
      if (!texts.some((text) => text.includes(normalise(quote)))) {
        const where = cited.length > 0 ? `section ${cited.join(' or ')} of ${name}` : name;
        problems.push({ ...at, message: `"${quote}" is not in ${where}` });
      }
    }
  }
  return problems;
}

/** The tracked and new files of the repository that hold text. */
function repositoryFiles(root) {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = [];
  for (const relative of new Set(listed.split('\0').filter(Boolean))) {
    const absolute = path.join(root, relative);
    let stat;
    try {
      stat = statSync(absolute);
    } catch {
      continue; // deleted in the work tree
    }
    if (!stat.isFile() || stat.size > 4 * 1024 * 1024 || relative.endsWith('package-lock.json')) continue;
    const buffer = readFileSync(absolute);
    if (buffer.includes(0)) continue;
    files.push({ path: relative, text: buffer.toString('utf8') });
  }
  return files;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = repositoryFiles(root);
  const readDocument = (name) => {
    try {
      return readFileSync(path.join(root, name), 'utf8');
    } catch {
      return undefined;
    }
  };
  const problems = checkCitations(files, readDocument);
  for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.message}`);
  if (problems.length > 0) {
    console.error(`check-citations: ${problems.length} broken citation(s) in ${files.length} files`);
    process.exitCode = 1;
  } else {
    console.log(`check-citations: every citation in ${files.length} files resolves`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
