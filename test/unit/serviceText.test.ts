// The escapers of service text against hostile strings: links, images, HTML, codicons, newlines, bidi controls
// and a megabyte. Markdown is rendered with marked (GFM), the parser VS Code renders Markdown with, so "nothing
// renders as markup" is checked on real output rather than on the escaper's own idea of it.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { marked as Marked } from 'marked' with { 'resolution-mode': 'import' };
import { confirmsText, cut, literalLines, literalText, markdownCodeBlock, markdownText, plainText, typeableText, DEFAULT_MAX_CHARS } from '../../src/model/serviceText';

const JOINER = '\u2060';
/** What VS Code makes a link of in a notification: `[label](command:…|https:…|file:…)`. */
const NOTIFICATION_LINK = /\[[^\]]+\]\((?:https?:\/\/|command:|file:)[^)\s]+\)/i;
/** What VS Code renders as a codicon where it reads them (an escaping backslash aside). */
const CODICON = /(?<!\\)\$\([A-Za-z0-9-]+(?:~[A-Za-z]+)?\)/;
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
// eslint-disable-next-line no-control-regex
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Characters nobody sees (issue 23's list, the floor): each passed every edge unchanged, so `prod\u200B-db` read
 * as `prod-db`. Astral tag characters are written whole.
 */
const INVISIBLE = [
  '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e', '\u2061', '\u2062', '\u2063', '\u2064',
  '\u206a', '\u206b', '\u206c', '\u206d', '\u206e', '\u206f', '\u034f', '\u115f', '\u3164', '\ufff9', '\ufffa', '\ufffb',
  '\u{e0000}', '\u{e0001}', '\u{e0041}', '\u{e007f}',
  // Beyond the floor: other default-ignorable code points, a variation selector after a letter, half a pair.
  '\u2065', '\u1160', '\uffa0', '\u17b4', '\u180b', '\ufe00', '\ufe0f', '\u{e0100}', '\u{1d173}', '\u{1bca0}', '\ud800', '\udc00',
];
/** Any of them left in escaped text (our joiners right after `]` or `$`, and an emoji's presentation selector, aside). */
const LEFT_INVISIBLE = new RegExp(
  `(?<![\\]$])\u2060|(?<!\\p{Extended_Pictographic})\ufe0f|[${INVISIBLE.filter((c) => !['\u2060', '\ufe0f', '\ud800', '\udc00'].includes(c)).join('')}]|\\p{Cs}`,
  'u',
);

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

  describe('invisible characters (issue 23)', () => {
    for (const char of INVISIBLE) {
      const code = char.codePointAt(0)!;
      const escape = code > 0xffff ? `\\u{${code.toString(16).toUpperCase()}}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
      it(`shows U+${code.toString(16).toUpperCase()} as ${escape} at every edge`, () => {
        const name = `prod${char}-db`;
        assert.equal(literalText(name), `prod${escape}-db`);
        assert.equal(plainText(name), `prod${escape}-db`);
        assert.equal(typeableText(name), `prod${escape}-db`);
        assert.equal(literalLines(name), `prod${escape}-db`);
        assert.equal(markdownCodeBlock(name), `\`\`\`\nprod${escape}-db\n\`\`\``);
        assert.equal(visible(render(markdownText(name))), `prod${escape}-db`);
      });
    }

    it('escapes the service’s own word joiner before adding ours, and an escape makes no `](` or `$(`', () => {
      assert.equal(literalText('a\u2060](b) $\u2060(zap)'), `a\\u2060]${JOINER}(b) $\\u2060(zap)`);
      assert.equal(literalText('x]\u200b(command:y) $\u{e0041}(zap)'), 'x]\\u200B(command:y) $\\u{E0041}(zap)');
      assert.doesNotMatch(literalText('[a]\u200b(command:y)'), NOTIFICATION_LINK);
    });

    it('writes a tag character as one escape, never half a pair; a lone half as its own', () => {
      const flag = '\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}';
      assert.equal(literalText(flag), '\u{1f3f4}\\u{E0067}\\u{E0062}\\u{E0065}\\u{E006E}\\u{E0067}\\u{E007F}');
      assert.equal(literalText('a\ud800b\udfffc'), 'a\\uD800b\\uDFFFc');
    });

    it('keeps an emoji’s presentation selector, and escapes one that hides after a letter', () => {
      assert.equal(literalText('☁️ cloud ❤️'), '☁️ cloud ❤️');
      assert.equal(literalText('prod\ufe0f-db'), 'prod\\uFE0F-db');
    });

    it('leaves none of them in any escaper’s output, for any string (fast-check)', () => {
      const part = fc.oneof(fc.constantFrom(...INVISIBLE, ']', '(', '$', 'a', '☁', ' '), fc.string({ unit: 'binary', maxLength: 3 }),
        fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)));
      fc.assert(
        fc.property(fc.array(part, { maxLength: 20 }).map((parts) => parts.join('')), (text) => {
          for (const out of [literalText(text), plainText(text), typeableText(text), literalLines(text).replace(/\n/g, '')]) {
            assert.doesNotMatch(out, LEFT_INVISIBLE, `${JSON.stringify(text)} → ${JSON.stringify(out)}`);
          }
          assert.doesNotMatch(typeableText(text), /\u2060/, 'no joiner in what the user is asked to type');
        }),
        { numRuns: 2000, seed: 0x2023 },
      );
    });
  });

  describe('confirmsText (the typed name of a deletion)', () => {
    it('refuses what looks the same and is not, and accepts the escaped form shown or the exact name', () => {
      const name = 'prod\u200b-db';
      assert.equal(confirmsText('prod-db', name), false);
      assert.equal(confirmsText(typeableText(name), name), true);
      assert.equal(confirmsText('prod\\u200B-db', name), true);
      assert.equal(confirmsText(` ${name} `, name), true, 'pasted, with spaces around');
      assert.equal(confirmsText('prod-db', 'prod-db'), true);
      assert.equal(confirmsText('db', 'db\ufeff'), false, 'a byte order mark is not trimmed away');
      assert.equal(confirmsText('db', ' db'), true, 'a name with a space before it can be confirmed');
      assert.equal(confirmsText('', ''), false);
      assert.equal(confirmsText('zz [x](command:y)', 'zz [x](command:y)'), true, 'no joiner to type');
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
