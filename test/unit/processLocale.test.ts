// The language of the command line and the MCP server, read from the environment as gettext reads it, and the
// bundle files that could hold it; the usage's columns, folded whatever a translation's length.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { bundleFiles, localeOf } from '../../src/model/processLocale';
import { foldWords, usageRows } from '../../src/model/usageText';

describe('the language of a process the editor does not host', () => {
  it('reads STACKLET_LOCALE, then LANGUAGE, LC_ALL, LC_MESSAGES and LANG as gettext does', () => {
    assert.equal(localeOf({}), undefined);
    assert.equal(localeOf({ LANG: 'de_DE.UTF-8' }), 'de-de');
    assert.equal(localeOf({ LANG: 'de_DE.UTF-8@euro' }), 'de-de');
    assert.equal(localeOf({ LC_MESSAGES: 'pt_BR', LANG: 'de_DE.UTF-8' }), 'pt-br');
    assert.equal(localeOf({ LC_ALL: 'fr_FR.UTF-8', LC_MESSAGES: 'pt_BR', LANG: 'de_DE' }), 'fr-fr');
    assert.equal(localeOf({ LANGUAGE: 'de:en', LANG: 'en_US.UTF-8' }), 'de');
    assert.equal(localeOf({ LANGUAGE: ':de', LANG: 'en_US.UTF-8' }), 'de', 'an empty entry of the list is skipped');
    // C and POSIX ask for no language, and LANGUAGE is then ignored; without any locale it is too.
    assert.equal(localeOf({ LANGUAGE: 'de', LC_ALL: 'C' }), undefined);
    assert.equal(localeOf({ LANG: 'C.UTF-8' }), undefined);
    assert.equal(localeOf({ LANG: 'POSIX' }), undefined);
    assert.equal(localeOf({ LANGUAGE: 'de' }), undefined);
    assert.equal(localeOf({ STACKLET_LOCALE: 'de', LC_ALL: 'C' }), 'de', "the editor's display language wins");
    assert.equal(localeOf({ STACKLET_LOCALE: 'zh-TW', LANG: 'de_DE' }), 'zh-tw');
  });

  it('never lets the environment name a path: anything but a language tag asks for none', () => {
    for (const value of ['../../etc/passwd', 'de/../../x', 'de\u0000', 'a', 'toolongtag', 'de-', '']) {
      assert.equal(localeOf({ STACKLET_LOCALE: value }), undefined, value);
      assert.equal(localeOf({ LANG: value }), undefined, value);
    }
  });

  it('looks for the region\'s bundle, then the language\'s, in each folder in turn', () => {
    assert.deepEqual(bundleFiles('de-ch', ['a', 'b']), [path.join('a', 'bundle.l10n.de-ch.json'), path.join('a', 'bundle.l10n.de.json'), path.join('b', 'bundle.l10n.de-ch.json'), path.join('b', 'bundle.l10n.de.json')]);
    assert.deepEqual(bundleFiles('de', ['a']), [path.join('a', 'bundle.l10n.de.json')]);
  });
});

describe('a usage in columns', () => {
  it('folds words into lines of a width, a longer word on its own line', () => {
    assert.deepEqual(foldWords('one two three four', 9), ['one two', 'three', 'four']);
    assert.deepEqual(foldWords('a verylongwordindeed b', 5), ['a', 'verylongwordindeed', 'b']);
    assert.deepEqual(foldWords('  ', 10), []);
  });

  it('puts each row\'s words beside its syntax, folded to the width; a long syntax has them below', () => {
    assert.equal(usageRows([['  --x', 'one two three'], ['  --a-very-long-option', 'words']], 10, 18), '  --x     one two\n          three\n  --a-very-long-option\n          words');
  });
});
