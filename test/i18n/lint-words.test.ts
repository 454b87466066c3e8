// The lint that keeps words out of the web UI's components (eslint.config.js,
// i18n/no-literal-string-in-jsx): run on a component of a converted folder, it fails on a word in
// JSX text and in the props people read, and passes the same component written with the catalog.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

const eslint = new ESLint({ cwd: ROOT });
// An existing file of a converted folder, so the type-aware rules find it in the project.
const FILE = 'web/src/features/events/EventList.tsx';

async function wordsFound(code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath: FILE });
  return r.messages.filter((m) => m.ruleId === 'i18n/no-literal-string-in-jsx').map((m) => code.split('\n')[m.line - 1].trim());
}

describe('the lint on words in JSX', () => {
  it('fails on text, aria-label, title, placeholder, alt and a component’s label; not on catalog words, spaces or code', async () => {
    const found = await wordsFound(
      [
        "import { useIntl } from 'react-intl';",
        'export function Planted() {',
        '  const intl = useIntl();',
        '  return (',
        '    <div>',
        '      <p>Nothing here</p>',
        '      <button aria-label="Close">x</button>',
        '      <span title="More">{intl.formatMessage({ id: "events.title" })}</span>',
        '      <input placeholder="Search" />',
        '      <img alt="A map" src="/m.png" />',
        '      <Field label="Name" />',
        "      <p>{intl.formatMessage({ id: 'events.title' })}{' '}<code>palpanel users add</code></p>",
        '    </div>',
        '  );',
        '}',
        'function Field(p: { label: string }) {',
        '  return <span>{p.label}</span>;',
        '}',
      ].join('\n'),
    );
    expect(found).toEqual([
      '<p>Nothing here</p>',
      '<button aria-label="Close">x</button>',
      '<button aria-label="Close">x</button>',
      '<span title="More">{intl.formatMessage({ id: "events.title" })}</span>',
      '<input placeholder="Search" />',
      '<img alt="A map" src="/m.png" />',
      '<Field label="Name" />',
    ]);
  }, 60_000);
});
