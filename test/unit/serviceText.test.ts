// The escapers of service text against hostile strings: links, images, HTML, codicons, newlines, bidi controls
// and a megabyte. Markdown is rendered with marked (GFM), the parser VS Code renders Markdown with, so "nothing
// renders as markup" is checked on real output rather than on the escaper's own idea of it.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { marked as Marked } from 'marked' with { 'resolution-mode': 'import' };
import { cut, literalText, markdownCodeBlock, markdownText, plainText, DEFAULT_MAX_CHARS } from '../../src/model/serviceText';

const JOINER = '\u2060';
/** What VS Code makes a link of in a notification: `[label](command:…|https:…|file:…)`. */
const NOTIFICATION_LINK = /\[[^\]]+\]\((?:https?:\/\/|command:|file:)[^)\s]+\)/i;
/** What VS Code renders as a codicon where it reads them (an escaping backslash aside). */
const CODICON = /(?<!\\)\$\([A-Za-z0-9-]+(?:~[A-Za-z]+)?\)/;
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
// eslint-disable-next-line no-control-regex
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const HOSTILE = [
  'zz [Open Settings](command:workbench.action.openSettings)',
  '[x](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D "Open")',
  '![pixel](https://tracker.example/p.png?u=1)',
  '<img src=x onerror=alert(1)><script>alert(1)</script><a href="https://e.example">e</a>',
  '$(zap) $(sync~spin) \\$(gear) deploy',
  '**bold** _it_ ~~gone~~ `code` # heading',
  'a | b | c',
  '&lt;b&gt; &amp; &#x3c;img&#x3e;',
  'see https://evil.example, www.evil.example and mail@evil.example',
  'line one\nline two\r\nthree\u2028four\u2029five\u0085six',
  'bell\u0007 esc\u001b[31m del\u007f nul\u0000 tab\t',
  'safe\u202e\u2066txt.exe\u2069\u202a\u202b\u202c\u202d\u2067\u2068\u200e\u200f\u061c',
  'end */ /* start',
  '- item',
  '1. first',
  '=== heading',
  '> quoted',
  '[ref]: https://evil.example',
  '<https://evil.example>',
];

/** The text a reader sees: HTML entities decoded, tags (there must be none besides <p>) removed, joiners gone. */
function visible(html: string): string {
  return html
    .replace(/<\/?p>/g, '')
    .trim()
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replaceAll(JOINER, '');
}

let marked: typeof Marked;

function render(markdown: string): string {
  return marked.parse(markdown, { gfm: true, async: false });
}

describe('service text escapers', () => {
  before(async () => {
    // marked is an ES module; these tests are CommonJS.
    ({ marked } = await import('marked'));
  });

  describe('literalText (notifications, progress, status bar, quick picks)', () => {
    for (const text of HOSTILE) {
      it(`shows ${JSON.stringify(text.slice(0, 40))} as text`, () => {
        const out = literalText(text);
        assert.doesNotMatch(out, NOTIFICATION_LINK);
        assert.doesNotMatch(out, CODICON);
        assert.doesNotMatch(out, LINE_BREAK_OR_CONTROL);
        assert.doesNotMatch(out, BIDI);
      });
    }

    it('looks exactly like the service text when it holds nothing unsafe', () => {
      const name = 'zz [Open Settings](command:workbench.action.openSettings) $(zap)';
      assert.equal(literalText(name).replaceAll(JOINER, ''), name);
      assert.equal(literalText('web-2'), 'web-2');
    });

    it('shows line breaks, controls and bidi characters as escapes', () => {
      assert.equal(literalText('a\nb\r\tc\u0000'), 'a\\nb\\r\\tc\\u0000');
      assert.equal(literalText('x\u202ey'), 'x\\u202Ey');
      assert.equal(literalText('\u2066\u2069\u2028'), '\\u2066\\u2069\\u2028');
    });
  });

  describe('plainText (log lines, document comments)', () => {
    it('cannot forge a line or end a comment', () => {
      for (const text of HOSTILE) {
        const out = plainText(text);
        assert.doesNotMatch(out, LINE_BREAK_OR_CONTROL);
        assert.doesNotMatch(out, BIDI);
        assert.ok(!out.includes('*/'), out);
      }
      assert.equal(plainText('end */ x'), 'end *\\/ x');
      assert.equal(plainText('name\n[error] forged line'), 'name\\n[error] forged line');
    });

    it('is idempotent: escaping twice changes nothing more', () => {
      for (const text of HOSTILE) assert.equal(plainText(plainText(text)), plainText(text));
    });
  });

  describe('markdownText (tooltips, hovers)', () => {
    for (const text of HOSTILE) {
      it(`renders ${JSON.stringify(text.slice(0, 40))} with no markup`, () => {
        const html = render(markdownText(text));
        assert.match(html, /^<p>[^<]*<\/p>\n?$/, html);
        assert.equal(visible(html), literalText(text).replaceAll(JOINER, ''));
        assert.doesNotMatch(html, CODICON);
      });
    }

    it('keeps a table row to its cells', () => {
      const html = render(`| a | b |\n|---|---|\n| ${markdownText('x | y | z')} | ${markdownText('![i](https://t.example/p.png)')} |`);
      assert.equal(html.match(/<td>/g)?.length, 2, html);
      assert.ok(!html.includes('<img'), html);
    });

    it('leaves ordinary names readable in the source', () => {
      assert.equal(markdownText('web-2.example'), 'web-2.example');
      assert.equal(markdownText('fra1 · 203.0.113.10'), 'fra1 · 203.0.113.10');
    });

    it('holds for any string built of markup fragments (fast-check)', () => {
      const fragment = fc.constantFrom('[', ']', '(', ')', '!', '$', '<', '>', '*', '_', '`', '|', '#', '~', '&', ':', '@', '\\', '-', '=', '.',
        'command:x', 'https://e.example', 'www.', 'img', 'zap', ' ', '\n', '\u202e', '1', 'a');
      const hostile = fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join(''));
      fc.assert(
        fc.property(fc.oneof(hostile, fc.string({ maxLength: 30 })), (text) => {
          const html = render(markdownText(text));
          assert.match(html, /^(<p>[^<]*<\/p>\n?)?$/, `${JSON.stringify(text)} → ${html}`);
          assert.equal(visible(html), literalText(text).replaceAll(JOINER, '').trim(), JSON.stringify(text));
          assert.doesNotMatch(html, CODICON);
          const literal = literalText(text);
          assert.doesNotMatch(literal, NOTIFICATION_LINK);
          assert.doesNotMatch(literal, CODICON);
        }),
        { numRuns: 2000, seed: 0x5e7e },
      );
    });
  });

  describe('markdownCodeBlock (a script in a tooltip)', () => {
    it('cannot be closed from inside, and breaks codicons', () => {
      const script = '#!/bin/sh\necho $(date)\n```\n# escaped? [x](command:y)\n````\n![p](https://t.example/p.png)';
      const html = render(markdownCodeBlock(script, 'sh'));
      assert.equal(html.match(/<pre>/g)?.length, 1, html);
      assert.ok(html.trim().endsWith('</code></pre>'), html);
      assert.ok(!html.includes('<img') && !html.includes('<a '), html);
      assert.doesNotMatch(html, CODICON);
    });

    it('keeps at most the lines asked for and says so', () => {
      const block = markdownCodeBlock(Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n'), '', 12);
      assert.equal(block.split('\n').length, 12 + 3);
      assert.ok(block.includes('line 11\n…\n```'));
      assert.ok(!block.includes('line 12'));
    });

    it('shows bidi characters and stray controls as escapes', () => {
      const block = markdownCodeBlock('a\u202eb\u0007\r\nc\td');
      assert.equal(block, '```\na\\u202Eb\\u0007\nc\td\n```');
    });
  });

  describe('a megabyte of it', () => {
    const huge = `${'[x](command:y) $(zap) \u202e\n'.repeat(50_000)}`.slice(0, 1024 * 1024);

    it('is cut to the limit with an ellipsis, by every escaper', () => {
      assert.ok(huge.length >= 1024 * 1024 - 30);
      for (const escape of [literalText, plainText, markdownText]) {
        const out = escape(huge);
        assert.ok(out.endsWith('…'), escape.name);
        assert.ok(out.length <= 4 * DEFAULT_MAX_CHARS, `${escape.name}: ${out.length} characters`);
      }
      assert.ok(markdownCodeBlock(huge).length <= 20 * DEFAULT_MAX_CHARS);
      assert.equal(literalText('x'.repeat(1024 * 1024), 60), `${'x'.repeat(60)}…`);
    });

    it('never cuts a surrogate pair in half', () => {
      assert.equal(cut('ab😀cd', 3), 'ab…');
      assert.equal(cut('ab😀cd', 4), 'ab😀…');
      assert.equal(cut('short', 10), 'short');
    });
  });
});
