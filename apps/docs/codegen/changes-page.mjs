// The docs' "What changed" page: the changelog of the newest released contract against the current one
// (packages/breaking/src/changelog.mjs, the breaking gate's comparer), as a small static HTML page beside the
// reference (changes.html) and as Markdown for tools (changes.md). No script, nothing loaded from elsewhere.
import { changelogMarkdown, countsLine } from '@vendor/breaking';
import { SITE_PAGES } from './constants.mjs';

const escapeHtml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Escaped text with its Markdown code spans as <code>. */
const inline = (text) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fff; }
header, main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem; }
header { border-bottom: 1px solid #d0d7de; }
a { color: #0044d4; }
code { font: 0.9em ui-monospace, monospace; background: #f3f4f6; padding: 0 0.2em; border-radius: 3px; }
h2 { font-size: 1.1rem; margin: 2rem 0 0.5rem; }
ul { padding-left: 0; list-style: none; }
li { margin: 0.3rem 0; display: flex; gap: 0.6rem; align-items: baseline; }
.level { flex: none; min-width: 7.5rem; font-size: 0.85rem; font-weight: 600; padding: 0 0.4rem; border-radius: 3px; text-align: center; }
.breaking { background: #ffe3e3; color: #8a0000; }
.deprecation { background: #fff1c2; color: #5c4300; }
.addition { background: #dcf5e3; color: #0b5323; }
.documentation { background: #e8eefc; color: #12316e; }
`;

/**
 * @param {import('@vendor/breaking').Changelog} changelog
 * @returns {{ html: string, markdown: string }}
 */
export function changesPages(changelog) {
  const sections = changelog.operations.map((operation) => {
    const id = operation.operationId ? ` (<code>${escapeHtml(operation.operationId)}</code>)` : '';
    const deprecated = operation.deprecated ? ` <strong>Deprecated</strong>${operation.sunset ? `, sunset ${escapeHtml(operation.sunset)}` : ''}` : '';
    const items = operation.entries.map((entry) => {
      const correction = entry.correction ? ` (correction of ${escapeHtml(changelog.from)}: the service always answered so)` : '';
      return `<li><span class="level ${entry.level}">${entry.level}</span><span>${inline(entry.line)}${correction}</span></li>`;
    });
    return `<section>\n<h2><code>${escapeHtml(`${operation.method.toUpperCase()} ${operation.path}`)}</code>${id}${deprecated}</h2>\n<ul>\n${items.join('\n')}\n</ul>\n</section>`;
  });
  const empty = changelog.operations.length === 0 ? '<p>No changes.</p>' : '';
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>What changed: ${escapeHtml(changelog.from)} to ${escapeHtml(changelog.to)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><nav aria-label="Site"><a href="/">API reference</a> · <a href="/${SITE_PAGES.changesMarkdown}">This page as Markdown</a> · <a href="/${SITE_PAGES.llms}">llms.txt</a></nav></header>
<main>
<h1>What changed: ${escapeHtml(changelog.from)} to ${escapeHtml(changelog.to)}</h1>
<p>Every change of the contract since the released version ${escapeHtml(changelog.from)}, by operation: ${escapeHtml(countsLine(changelog.counts))}.
<strong>breaking</strong> changes can break a caller, <strong>deprecation</strong> names what will go and when, <strong>addition</strong> is new and optional, <strong>documentation</strong> changes only words or examples.</p>
${empty}${sections.join('\n')}
</main>
</body>
</html>
`;
  return { html, markdown: changelogMarkdown(changelog) };
}
