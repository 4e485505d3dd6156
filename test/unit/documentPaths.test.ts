// The paths of the documents the extension opens: an id the service chose is always one segment and reads back
// as itself, whatever it holds (`..`, `/`, `%`, `?`, `#`, nothing, controls, half a surrogate pair); a name becomes
// a file name (the tab's title) that shows what cannot be seen as its escape.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { documentFileName, FILE_NAME_MAX, idOfSegment, idSegment, NEW_SEGMENT, propertiesOf, propertiesPath } from '../../src/documents/documentPaths';
import type { ResourceRef } from '../../src/kinds/registry';

/** Any string: whole code points, single UTF-16 units (half pairs too), and the characters paths care about. */
const anyId = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)), maxLength: 20 }),
  fc.array(fc.constantFrom('.', '..', '/', '\\', '%', '%2F', '%u', '?', '#', '', ' ', '\n', '\u0000', 'new', 'a', '7', '~', '-', '\u202e', '\ud800'), { maxLength: 8 })
    .map((parts) => parts.join('')),
);

/** What VS Code's path of a URI could take for a dot segment or a separator. */
const DOT_SEGMENT = /^\.{1,2}$/;

describe('document paths', () => {
  describe('idSegment / idOfSegment', () => {
    it('writes a dot, a slash, a percent sign, nothing and `new` so that each is one segment of its own', () => {
      assert.equal(idSegment('..'), '%2E%2E');
      assert.equal(idSegment('.'), '%2E');
      assert.equal(idSegment('a/b'), 'a%2Fb');
      assert.equal(idSegment('%2F'), '%252F');
      assert.equal(idSegment(''), '%');
      assert.equal(idSegment('new'), '%6Eew');
      assert.equal(idSegment('\ud800x'), '%uD800x');
      assert.equal(idSegment('3f6c1e2a-0b9d-4c5e-8f7a-1d2e3c4b5a69'), '3f6c1e2a-0b9d-4c5e-8f7a-1d2e3c4b5a69', 'a UUID reads as it is');
      assert.equal(idSegment(12345), '12345');
    });

    it('reads back a U+FEFF in an id, which a UTF-8 decoder drops by default as a byte order mark', () => {
      assert.equal(idOfSegment(idSegment('\ufeffa\ufeff')), '\ufeffa\ufeff');
    });

    it('reads back every id as it was, and writes each as one plain ASCII segment (fast-check)', () => {
      fc.assert(
        fc.property(anyId, (id) => {
          const segment = idSegment(id);
          assert.equal(idOfSegment(segment), id, JSON.stringify(id));
          assert.match(segment, /^[A-Za-z0-9_~%-]+$/, `${JSON.stringify(id)} → ${segment}`);
          assert.doesNotMatch(segment, DOT_SEGMENT);
          assert.notEqual(segment, NEW_SEGMENT);
          // As the path of a URI, it is still the one segment between its neighbours.
          assert.deepEqual(`/volume/${segment}/data.json`.split('/'), ['', 'volume', segment, 'data.json']);
          // VS Code writes a path's `%` as `%25` in the URI's text and reads it back: the same segment again.
          assert.equal(decodeURIComponent(encodeURIComponent(segment)), segment);
        }),
        { numRuns: 3000, seed: 0x1d5 },
      );
    });

    it('refuses a segment it never writes', () => {
      for (const segment of ['', 'new', '..', 'a.b', '%zz', '%E2%80', '%u12', 'a/b', '%FF']) assert.equal(idOfSegment(segment), undefined, segment);
    });
  });

  describe('documentFileName', () => {
    it('shows what cannot be seen, or reorders the text, as its escape', () => {
      assert.equal(documentFileName('fw\u202ecnosj.exe', 'firewall', '.jsonc'), 'fw\\u202Ecnosj.exe.jsonc');
      assert.equal(documentFileName('prod\u200b-fw', 'firewall', '.jsonc'), 'prod\\u200B-fw.jsonc');
      assert.equal(documentFileName('a\u0085b\u001bc', 'firewall', '.jsonc'), 'a\\u0085b\\u001Bc.jsonc');
      assert.equal(documentFileName('tag\u{e0041}', 'userdata', '.sh'), 'tag\\u{E0041}.sh');
      assert.equal(documentFileName('line\nbreak', 'userdata', '.sh'), 'line\\nbreak.sh');
    });

    it('writes what file names cannot hold, and white space, as `-`; an empty name as the fallback', () => {
      assert.equal(documentFileName('a/b\\c:d*e?f"g<h>i|j k', 'firewall', '.jsonc'), 'a-b-c-d-e-f-g-h-i-j-k.jsonc');
      assert.equal(documentFileName(' web firewall ', 'firewall', '.jsonc'), 'web-firewall.jsonc');
      assert.equal(documentFileName('', 'firewall', '.jsonc'), 'firewall.jsonc');
      assert.equal(documentFileName('//', 'resource', '.json'), 'resource.json');
      assert.equal(documentFileName('..', 'resource', '.json'), '...json');
      assert.equal(documentFileName('web-firewall', 'firewall', '.jsonc'), 'web-firewall.jsonc');
    });

    it('is cut to a length, never half a pair', () => {
      const name = documentFileName(`${'x'.repeat(FILE_NAME_MAX - 1)}😀😀`, 'firewall', '.jsonc');
      assert.equal(name, `${'x'.repeat(FILE_NAME_MAX - 1)}….jsonc`);
    });

    it('never holds a separator, a control, a bidi or invisible character, whatever the name (fast-check)', () => {
      fc.assert(
        fc.property(anyId, (name) => {
          const file = documentFileName(name, 'firewall', '.jsonc');
          assert.ok(file.endsWith('.jsonc'));
          // eslint-disable-next-line no-control-regex -- what must not be there
          assert.doesNotMatch(file, /[/:*?"<>|\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]|\p{Cs}/u, `${JSON.stringify(name)} → ${file}`);
          assert.doesNotMatch(file, DOT_SEGMENT);
        }),
        { numRuns: 3000, seed: 0xf11e },
      );
    });
  });

  describe('propertiesPath / propertiesOf', () => {
    it('reads the kind and id back from a View Properties path, whatever the id and name, and nothing from another path (fast-check)', () => {
      fc.assert(
        fc.property(anyId, anyId, (id, name) => {
          const ref = { kind: 'volume', id, name } as unknown as ResourceRef;
          assert.deepEqual(propertiesOf(propertiesPath(ref)), { kind: 'volume', id }, JSON.stringify([id, name]));
        }),
        { numRuns: 1000, seed: 0x9e0 },
      );
      assert.equal(propertiesOf('/nosuchkind/7/x.json'), undefined, 'a kind the registry does not know');
      assert.equal(propertiesOf('/volume/new/x.json'), undefined, 'a document of a resource not created yet');
      assert.equal(propertiesOf('/volume/7/x.jsonc'), undefined);
    });
  });
});
