// node --test scripts/check-citations.test.mjs
//
// The citations below are put together at run time, so that this file holds none the check would read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkCitations, sectionsOf } from './check-citations.mjs';

const GUIDE = ['docs', 'guide.md'].join('/');
const documents = {
  [GUIDE]: ['# Guide', '', '## 1. Start', '', 'Sign in with **Smart-ID** first.', '', '### 1.2 Detail', '', 'Then wait.', '', '## 2. End', ''].join('\n'),
};
const readDocument = (name) => documents[name];
const check = (text) => checkCitations([{ path: 'src/example.ts', text }], readDocument);

describe('check-citations', () => {
  it('passes a citation of a section the document has', () => {
    assert.deepEqual(check(`// Why: ${GUIDE} section 1.2.\n`), []);
  });

  it('names the file and line of a section the document lacks', () => {
    assert.deepEqual(check(`const a = 1;\n// Why: ${GUIDE} section 3.\n`), [{ file: 'src/example.ts', line: 2, message: `${GUIDE} has no section 3` }]);
  });

  it('checks every number of a list, and a citation wrapped onto the next comment line', () => {
    assert.deepEqual(check(`/**\n * As ${GUIDE}\n * sections 1, 2 and 4 say.\n */\n`), [
      { file: 'src/example.ts', line: 2, message: `${GUIDE} has no section 4` },
    ]);
  });

  it('refuses a document that does not exist', () => {
    const missing = ['docs', 'nowhere.md'].join('/');
    assert.deepEqual(check(`// ${missing} section 1\n`), [{ file: 'src/example.ts', line: 1, message: `${missing} does not exist` }]);
  });

  it('finds a quoted phrase in the cited section, and only there', () => {
    assert.deepEqual(check(`// ${GUIDE} section 1: "sign in with Smart-ID"\n`), []);
    assert.deepEqual(check(`// ${GUIDE} section 2 "Then wait"\n`), [
      { file: 'src/example.ts', line: 1, message: `"Then wait" is not in section 2 of ${GUIDE}` },
    ]);
  });

  it('refuses a document kept outside the repository', () => {
    const outside = ['SP', 'EC.md'].join('');
    assert.deepEqual(check(`// ${outside} section 1\n`), [
      { file: 'src/example.ts', line: 1, message: `${outside} is not in the repository; cite its copy in docs/` },
    ]);
  });

  it('reads numbered headings, each up to the next of its level', () => {
    const sections = sectionsOf(documents[GUIDE]);
    assert.deepEqual([...sections.keys()], ['1', '1.2', '2']);
    assert.ok(sections.get('1').includes('then wait'));
    assert.ok(!sections.get('1.2').includes('sign in'));
  });
});
