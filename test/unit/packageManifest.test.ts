// package.json as users meet it: every setting described, bounded and read by the code; every command of a
// tree menu also in the Command Palette; a walkthrough whose steps have their media, buttons and completion
// events; and a package (vsce's own file list) that ships the icon, the translations and the walkthrough but
// no sources, tests or screenshots.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import * as z from 'zod/mini';
import { agentError } from '../../src/agent/envelope';
import { ActionInputError, ActionRefusal } from '../../src/actions/refusals';
import { TOOL_SPECS } from '../../src/manifest/declared';
import { APPLY_ACCOUNT } from '../../src/kinds/accountTools';
import { CATALOGS, CHANGES, COST_BY } from '../../src/agent/reads';
import { editorToolDescription, toolInputSchema } from '../../src/actions/writeTool';
import { WRITE_TOOLS } from '../../src/kinds/operations';
import { KINDS, listedKindsOffering, SEARCH_KINDS, type ActionId, type Kind } from '../../src/kinds/registry';
import { TOOL_NAMES } from '../../src/lmTools/toolNames';
import { READ_TOOLS_WHEN, WRITE_TOOLS_WHEN } from '../../src/manifest/generate';
import { actionsMissingFromMenus, commandOf, menusNotInRegistry } from './support/registryMenus';

const ROOT = path.resolve(__dirname, '..', '..', '..');

interface Setting {
  type?: string;
  default?: unknown;
  description?: string;
  markdownDescription?: string;
  order?: number;
  minimum?: number;
  maximum?: number;
}
interface MenuEntry {
  command: string;
  when?: string;
}
interface WalkthroughStep {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; image?: string | Record<string, string>; altText?: string };
  completionEvents?: string[];
}
interface Manifest {
  icon?: string;
  categories?: string[];
  keywords?: string[];
  repository?: { url?: string };
  license?: string;
  contributes: {
    commands: { command: string; title: string }[];
    configuration: { properties: Record<string, Setting> };
    menus: Record<string, MenuEntry[]>;
    views: Record<string, { id: string }[]>;
    viewsContainers: Record<string, { id: string }[]>;
    walkthroughs: { id: string; title: string; steps: WalkthroughStep[] }[];
    languageModelTools: LanguageModelTool[];
  };
}

interface LanguageModelTool {
  name: string;
  displayName: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  icon: string;
  userDescription: string;
  modelDescription: string;
  inputSchema: { type: string; properties: Record<string, { type: string; description: string; enum?: string[] }>; required?: string[]; additionalProperties: boolean };
}

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
const nlsDe = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.de.json'), 'utf8')) as Record<string, string>;
const SECTION = 'stacklet';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `getConfiguration('stacklet')` (through any receiver, e.g. `vscode.workspace`). */
function isStackletConfiguration(node: ts.Node | undefined): boolean {
  return !!node && ts.isCallExpression(node)
    && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'getConfiguration'
    && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0]!) && node.arguments[0].text === SECTION;
}

/**
 * The settings the code reads, by their full name, found with the TypeScript parser: `.get('x')` (and
 * `.inspect`, `.update`) on `getConfiguration('stacklet')` itself or on a variable holding it, and
 * `affectsConfiguration('stacklet.x')`.
 */
export function settingsReadIn(file: string, text: string): { read: Set<string>; written: Set<string> } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const holders = new Set<string>();
  const read = new Set<string>();
  const written = new Set<string>();
  const collectHolders = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isStackletConfiguration(node.initializer)) holders.add(node.name.text);
    ts.forEachChild(node, collectHolders);
  };
  collectHolders(source);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression;
      const key = node.arguments[0].text;
      const onConfiguration = isStackletConfiguration(receiver) || (ts.isIdentifier(receiver) && holders.has(receiver.text));
      if (onConfiguration && (method === 'get' || method === 'inspect')) read.add(`${SECTION}.${key}`);
      if (onConfiguration && method === 'update') written.add(`${SECTION}.${key}`);
      if (method === 'affectsConfiguration' && key.startsWith(`${SECTION}.`)) read.add(key);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { read, written };
}

describe('package.json', () => {
  const settings = manifest.contributes.configuration.properties;
  const commands = new Set(manifest.contributes.commands.map((c) => c.command));

  describe('settings', () => {
    it('describes every setting (in package.nls.json), with a type, a default, an order, and bounds for numbers', () => {
      const problems: string[] = [];
      for (const [name, setting] of Object.entries(settings)) {
        const text = setting.markdownDescription ?? setting.description;
        const key = /^%(.+)%$/.exec(text ?? '')?.[1];
        if (!key || !nls[key]) problems.push(`${name}: no description from package.nls.json`);
        if (!setting.type) problems.push(`${name}: no type`);
        if (setting.default === undefined) problems.push(`${name}: no default`);
        if (typeof setting.order !== 'number') problems.push(`${name}: no order`);
        if (setting.type === 'integer' || setting.type === 'number') {
          if (typeof setting.minimum !== 'number' || typeof setting.maximum !== 'number') problems.push(`${name}: a number without minimum and maximum`);
          else if (typeof setting.default !== 'number' || setting.default < setting.minimum || setting.default > setting.maximum) problems.push(`${name}: default ${String(setting.default)} outside ${setting.minimum}–${setting.maximum}`);
        }
      }
      assert.deepEqual(problems, []);
      const orders = Object.values(settings).map((s) => s.order);
      assert.equal(new Set(orders).size, orders.length, `every setting has its own order: ${orders.join(', ')}`);
    });

    it('works in an untrusted workspace, where no workspace can choose where the token goes, how SSH signs in or what agents may do', () => {
      const trust = (manifest as { capabilities?: { untrustedWorkspaces?: { supported?: unknown; restrictedConfigurations?: string[] } } }).capabilities?.untrustedWorkspaces;
      assert.equal(trust?.supported, 'limited');
      // an application-scoped setting is one only the user sets: those are the ones that direct the token and SSH,
      // and the limits a person sets for agents
      const userOnly = Object.entries(settings).filter(([, s]) => (s as { scope?: string }).scope === 'application').map(([name]) => name).sort();
      assert.deepEqual([...(trust?.restrictedConfigurations ?? [])].sort(), userOnly);
      assert.deepEqual(userOnly, ['stacklet.agent.access', 'stacklet.agent.monthlyLimit', 'stacklet.agent.protectedTags', 'stacklet.allowInsecureHttp', 'stacklet.apiUrl', 'stacklet.sshUser']);
    });

    // It parses every source file: seconds on a loaded 2-core machine.
    it('contributes every setting the code reads, and the code reads every setting contributed', () => {
      const read = new Set<string>();
      for (const file of sourceFiles(path.join(ROOT, 'src'))) {
        for (const name of settingsReadIn(file, fs.readFileSync(file, 'utf8')).read) read.add(name);
      }
      const contributed = Object.keys(settings);
      assert.deepEqual([...read].filter((name) => !contributed.includes(name)).sort(), [], 'read but not contributed');
      assert.deepEqual(contributed.filter((name) => !read.has(name)).sort(), [], 'contributed but never read');
    }).timeout(30_000);

    it('finds reads through a variable, a chained call and affectsConfiguration, and nothing of other sections', () => {
      const { read, written } = settingsReadIn('x.ts', `
        const config = vscode.workspace.getConfiguration('stacklet');
        config.get<number>('pollInterval', 2);
        vscode.workspace.getConfiguration('stacklet').get('apiUrl');
        event.affectsConfiguration('stacklet.autoRefresh');
        config.update('apiUrl', url);
        const other = vscode.workspace.getConfiguration('editor');
        other.get('fontSize');
        map.get('notASetting');
      `);
      assert.deepEqual([...read].sort(), ['stacklet.apiUrl', 'stacklet.autoRefresh', 'stacklet.pollInterval']);
      assert.deepEqual([...written], ['stacklet.apiUrl']);
    });
  });

  describe('commands and menus', () => {
    it('gives every command a title from package.nls.json', () => {
      const untitled = manifest.contributes.commands.filter((c) => !nls[/^%(.+)%$/.exec(c.title)?.[1] ?? '']).map((c) => c.command);
      assert.deepEqual(untitled, []);
    });

    it('ends the title of every command that asks before it changes the account in "…", in English and German', () => {
      // The rule: a command that asks anything (a question, an answer, a name typed) before it acts says so with
      // "…". A change through a definition is confirmed, but where choosing the command is its confirmation.
      const asksNothing: Readonly<Record<string, string>> = {
        'stacklet.enablePrivateNetworking': 'choosing it confirms: it adds an address, costs nothing and takes nothing away',
      };
      const titles = new Map(manifest.contributes.commands.map((c) => [c.command, /^%(.+)%$/.exec(c.title)?.[1] ?? '']));
      const asking = new Set(WRITE_TOOLS.flatMap((write) => write.actions.map((definition) => commandOf(definition.kind, definition.action))).filter((id): id is string => !!id && titles.has(id) && !(id in asksNothing)));
      assert.ok(asking.size > 20, `the commands of the definitions were found: ${[...asking].join(', ')}`);
      const bare = [...asking].filter((id) => !nls[titles.get(id)!]!.endsWith('…') || !nlsDe[titles.get(id)!]!.endsWith('…'));
      assert.deepEqual(bare, [], 'titles without "…" of commands that ask');
      for (const id of Object.keys(asksNothing)) assert.ok(!nls[titles.get(id)!]!.endsWith('…'), `${id} asks nothing: no "…"`);
    });

    it('lists only contributed commands in its menus', () => {
      const unknown = Object.values(manifest.contributes.menus).flat().map((m) => m.command).filter((id) => !commands.has(id));
      assert.deepEqual(unknown, []);
    });

    it('keeps every command of a tree menu reachable from the Command Palette', () => {
      const treeMenus = [...manifest.contributes.menus['view/item/context'] ?? [], ...manifest.contributes.menus['view/title'] ?? []];
      assert.ok(treeMenus.length > 30, 'the tree menus were read');
      const palette = manifest.contributes.menus.commandPalette ?? [];
      const hidden = [...new Set(treeMenus.map((m) => m.command))].filter((id) =>
        palette.some((entry) => entry.command === id && (entry.when ?? '').replace(/\s/g, '') === 'false'));
      assert.deepEqual(hidden, [], 'hidden from the palette');
      // A palette condition may only ask for a session (or a filter to clear), never for a tree item.
      const tied = palette.filter((entry) => /\bview(Item)?\b|\blistFocus\b/.test(entry.when ?? '')).map((entry) => entry.command);
      assert.deepEqual(tied, [], 'palette entries that depend on a tree item');
    });
  });

  describe('the registry of kinds against the menus', () => {
    // ROWS: the contextValues of each kind's rows when any action is possible (test/unit/support/registryMenus.ts).
    const menus = manifest.contributes.menus['view/item/context'] ?? [];

    it('has the command of every action a kind lists in the context menu of that kind\'s rows', () => {
      assert.deepEqual(actionsMissingFromMenus(KINDS, commands, menus), []);
    });

    it('offers on a kind\'s rows only the commands of actions the kind lists', () => {
      assert.deepEqual(menusNotInRegistry(KINDS, menus), []);
    });

    it('has a palette command pick from the listed kinds whose rows offer it, and only those', () => {
      // Copy IP Address: the kinds with an address of their own; the nested and catalog kinds are never picked.
      assert.deepEqual(listedKindsOffering('copyAddress'), ['stacklet', 'loadBalancer', 'cluster']);
      assert.deepEqual(listedKindsOffering('copyId').filter((kind) => ['nodePool', 'kubernetesNode', 'containerImage', 'address', 'tag'].includes(kind)), []);
      assert.ok(listedKindsOffering('viewProperties').includes('tag'));
    });
  });

  describe('selections of several items', () => {
    /** The commands of the actions the registry lets several items take at once. */
    const commandsOfBulk = new Set(Object.entries(KINDS).flatMap(([kind, spec]) => ((spec as { bulk?: readonly ActionId[] }).bulk ?? []).map((action) => commandOf(kind as Kind, action))));

    it('shows those commands in the context menu of a selection, and hides every other item command then', () => {
      const problems: string[] = [];
      for (const menu of manifest.contributes.menus['view/item/context'] ?? []) {
        const when = menu.when ?? '';
        if (/\binline\b/.test((menu as { group?: string }).group ?? '')) continue;
        const hidden = when.includes('!listMultiSelection');
        if (commandsOfBulk.has(menu.command) && when.includes('listMultiSelection')) problems.push(`${menu.command} is hidden from a selection`);
        if (!commandsOfBulk.has(menu.command) && !hidden) problems.push(`${menu.command} shows for a selection but acts on one item`);
      }
      assert.deepEqual(problems, []);
    });
  });

  describe('the tools offered to agents', () => {
    it('offers each only as the person\'s access lets it: reads unless off, writes at ask, on a setting a workspace cannot set', () => {
      const tools = (manifest as unknown as { contributes: { languageModelTools: { name: string; when?: string }[] } }).contributes.languageModelTools;
      for (const tool of tools) assert.equal(tool.when, tool.name.startsWith('stacklet_manage_') || tool.name === APPLY_ACCOUNT.name ? WRITE_TOOLS_WHEN : READ_TOOLS_WHEN, tool.name);
      assert.equal((settings['stacklet.agent.access'] as { scope?: string }).scope, 'application');
    });
  });

  describe('welcome view', () => {
    it('says, where it offers the emulator, that changes are kept across reloads and how to get the demo data back', () => {
      for (const key of ['welcome.signedOut', 'walkthrough.signIn.description']) {
        assert.match(nls[key]!, /kept when the window reloads.*Stacklet: Reset Local Emulator brings the demo data back/, key);
        assert.doesNotMatch(nls[key]!, /starts fresh|not kept/, key);
        assert.match(nlsDe[key]!, /beim Neuladen des Fensters erhalten.*Stacklet: Lokalen Emulator zurücksetzen/, key);
      }
      assert.match(nls['welcome.signedOut']!, /command:stacklet\.tryEmulator\)\nYour changes to the demo data are kept/);
    });
  });

  describe('walkthrough', () => {
    const walkthroughs = manifest.contributes.walkthroughs ?? [];
    const knownCommand = (id: string) => commands.has(id)
      || Object.values(manifest.contributes.views).flat().some((view) => id === `${view.id}.focus`);

    it('has the four steps: sign in, explore, run an action, edit a firewall', () => {
      assert.equal(walkthroughs.length, 1);
      assert.deepEqual(walkthroughs[0]!.steps.map((s) => s.id), ['signIn', 'explore', 'runAction', 'editFirewall']);
    });

    // The walkthrough page gives the steps a column of about 280 px at the default window size, and clamps the
    // description to three lines: test/e2e/walkthrough.test.ts measures the English there. The lengths here keep
    // every language within what was measured to fit (a step title on one line, with room for other fonts).
    it('keeps step titles and the description short enough for the walkthrough page, in every language', () => {
      const long: string[] = [];
      for (const [language, words] of [['en', nls], ['de', nlsDe]] as const) {
        const walkthrough = walkthroughs[0]!;
        const description = words[(walkthrough as { description?: string }).description?.replace(/^%|%$/g, '') ?? ''] ?? '';
        if (description.length > 75) long.push(`${language} description: ${description.length} characters`);
        for (const step of walkthrough.steps) {
          const title = words[step.title.replace(/^%|%$/g, '')] ?? '';
          if (title.length > 30) long.push(`${language} ${step.id}: "${title}" (${title.length} characters)`);
        }
      }
      assert.deepEqual(long, []);
    });

    it('gives each step its words, a media file that exists and ships, buttons that run contributed commands, and completion events', () => {
      const problems: string[] = [];
      for (const step of walkthroughs.flatMap((w) => w.steps)) {
        for (const field of ['title', 'description'] as const) {
          if (!nls[/^%(.+)%$/.exec(step[field])?.[1] ?? '']) problems.push(`${step.id}: ${field} is not from package.nls.json`);
        }
        const media = step.media.markdown ?? (typeof step.media.image === 'string' ? step.media.image : undefined);
        if (!media || !fs.existsSync(path.join(ROOT, media))) problems.push(`${step.id}: media ${String(media)} does not exist`);
        else if (!media.startsWith('media/walkthrough/')) problems.push(`${step.id}: media ${media} is not under media/walkthrough/`);
        const description = nls[/^%(.+)%$/.exec(step.description)?.[1] ?? ''] ?? '';
        const buttons = [...description.matchAll(/\]\(command:([^)?\s]+)/g)].map((m) => m[1]!);
        if (buttons.length === 0) problems.push(`${step.id}: no button`);
        for (const id of buttons.filter((b) => !knownCommand(b))) problems.push(`${step.id}: button runs unknown command ${id}`);
        const events = step.completionEvents ?? [];
        if (events.length === 0) problems.push(`${step.id}: no completion event`);
        for (const event of events) {
          const [kind, arg] = event.split(/:(.*)/s);
          if (kind === 'onCommand' && !commands.has(arg!)) problems.push(`${step.id}: completes on unknown command ${arg}`);
          else if (kind === 'onView' && !knownCommand(`${arg}.focus`)) problems.push(`${step.id}: completes on unknown view ${arg}`);
          else if (!['onCommand', 'onView', 'onContext', 'onSettingChanged', 'onLink', 'onEvent', 'extensionInstalled', 'onStepSelected'].includes(kind!)) problems.push(`${step.id}: unknown completion event ${event}`);
        }
      }
      assert.deepEqual(problems, []);
    });
  });

  describe('language model tools', () => {
    const tools = manifest.contributes.languageModelTools;
    const tool = (name: string) => tools.find((t) => t.name === name)!;

    it('contributes exactly the tools activation registers, each referable in a prompt as #stackletSomething, and few of them', () => {
      assert.deepEqual(tools.map((t) => t.name), [...TOOL_NAMES]);
      assert.deepEqual(TOOL_NAMES.filter((name) => name.startsWith('stacklet_manage_')), WRITE_TOOLS.map((write) => write.name), 'one write tool per kind of the catalog, in its order');
      // A chat may use at most 128 tools across every extension and server.
      assert.ok(tools.length <= 25, `${tools.length} tools`);
      for (const t of tools) {
        assert.match(t.toolReferenceName, /^stacklet[A-Z]\w+$/, t.name);
        assert.equal(t.canBeReferencedInPrompt, true, t.name);
        assert.match(t.icon, /^\$\([a-z-]+\)$/, t.name);
      }
      assert.equal(new Set(tools.map((t) => t.toolReferenceName)).size, tools.length, 'reference names are distinct');
    });

    it('gives each tool its words from package.nls.json, a model description that says what it answers and its limits, and an object schema with every field described', () => {
      for (const t of tools) {
        const write = WRITE_TOOLS.find((candidate) => candidate.name === t.name);
        // A write tool's model description is the catalog's, for the model in English (as the MCP server gives it).
        for (const words of write ? [t.displayName, t.userDescription] : [t.displayName, t.userDescription, t.modelDescription]) {
          const key = /^%(.+)%$/.exec(words)?.[1];
          assert.ok(key && nls[key], `${t.name}: ${words} is a key of package.nls.json`);
          assert.ok(nlsDe[key], `${t.name}: ${key} is in German too`);
        }
        const model = write ? t.modelDescription : nls[/^%(.+)%$/.exec(t.modelDescription)![1]!]!;
        assert.match(model, /JSON/, `${t.name} says it answers JSON`);
        assert.match(model, /16 KB/, `${t.name} says how much it answers`);
        assert.equal(t.inputSchema.type, 'object');
        assert.equal(t.inputSchema.additionalProperties, false, `${t.name} takes no field it does not describe`);
        if (write) {
          // A write tool's schema and words are the definitions', as the catalog writes them.
          assert.deepEqual(t.inputSchema, toolInputSchema(write), t.name);
          // VS Code gives a model no server's instructions: how a write answers follows each description.
          assert.equal(t.modelDescription, editorToolDescription(write), t.name);
          continue;
        }
        // A read tool's schema (and the account document's apply's) is its spec's, with each field's description in package.nls.json.
        const spec = TOOL_SPECS.find((s) => s.name === t.name)!;
        assert.deepEqual(Object.keys(t.inputSchema.properties), Object.keys(spec.input), t.name);
        for (const [field, schema] of Object.entries(t.inputSchema.properties)) {
          const described = (z.toJSONSchema(spec.input[field]!) as { description?: string }).description;
          assert.equal(nls[/^%(.+)%$/.exec(schema.description)?.[1] ?? ''], described, `${t.name}.${field} is described in package.nls.json as in its spec`);
        }
        assert.equal(model, spec.description, `${t.name}: the model reads the spec's description`);
      }
    });

    it('names in its model descriptions only the fields a refusal or a failure answers with', () => {
      const answered = new Set(
        [new ActionRefusal('busy', 'a task runs on it', { kind: 'stacklet', id: 1, name: 'web-1' }), new ActionInputError('id', 'not a number'), new Error('HTTP 500')]
          .flatMap((error) => Object.keys((JSON.parse(agentError('service', error)) as { data: object }).data)),
      );
      for (const t of tools) {
        const model = WRITE_TOOLS.some((write) => write.name === t.name) ? t.modelDescription : nls[/^%(.+)%$/.exec(t.modelDescription)![1]!]!;
        const errors = model.slice(model.indexOf('a refusal or a failure'));
        assert.ok(errors.length < model.length, `${t.name} says what a refusal or a failure answers`);
        for (const [, field] of errors.matchAll(/\bdata\.(\w+)/g)) assert.ok(answered.has(field!), `${t.name} names data.${field}, which no error answer holds (${[...answered].join(', ')})`);
      }
    });

    it('offers in the schemas exactly the choices the agent core accepts', () => {
      assert.deepEqual(tool('stacklet_find').inputSchema.properties['kind']!.enum, SEARCH_KINDS);
      assert.deepEqual(tool('stacklet_describe').inputSchema.properties['kind']!.enum, SEARCH_KINDS);
      assert.deepEqual(tool('stacklet_describe').inputSchema.required, ['kind', 'id']);
      assert.deepEqual(tool('stacklet_cost').inputSchema.properties['kind']!.enum, SEARCH_KINDS);
      assert.deepEqual(tool('stacklet_cost').inputSchema.properties['by']!.enum, COST_BY);
      assert.deepEqual(tool('stacklet_cost').inputSchema.properties['change']!.enum, CHANGES);
      assert.deepEqual(tool('stacklet_catalog').inputSchema.properties['what']!.enum, CATALOGS);
    });
  });

  describe('package', () => {
    it('names an icon of 128×128 pixels, categories, keywords, a repository and a license file', () => {
      assert.ok(manifest.icon, 'an icon');
      const png = fs.readFileSync(path.join(ROOT, manifest.icon));
      assert.equal(png.subarray(1, 4).toString('ascii'), 'PNG');
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128], 'width and height from the IHDR chunk');
      assert.ok((manifest.categories ?? []).length > 0);
      assert.ok((manifest.keywords ?? []).length >= 5);
      assert.match(manifest.repository?.url ?? '', /^https:\/\//);
      assert.ok(manifest.license && fs.existsSync(path.join(ROOT, 'LICENSE')));
    });

    it('gives the MCP server\'s npm package the extension\'s version, licence and repository', () => {
      const mcp = JSON.parse(fs.readFileSync(path.join(ROOT, 'packages/stacklet-mcp/package.json'), 'utf8')) as typeof manifest & { version: string; bin: Record<string, string> };
      assert.equal(mcp.version, (manifest as { version?: string }).version);
      assert.equal(mcp.license, manifest.license);
      assert.equal(mcp.repository?.url, manifest.repository?.url);
      assert.deepEqual(Object.keys(mcp.bin), ['stacklet-mcp', 'stacklet']);
    });

    it('ships (by vsce’s own file list) the bundles, icon, translations and walkthrough, and no sources, tests or screenshots', async function () {
      this.timeout(60_000);
      // vsce ships no type declarations; listFiles is its documented API (what `vsce ls` prints).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const vsce = require('@vscode/vsce') as { listFiles(options: { cwd: string; packageManager: number }): Promise<string[]> };
      const files = (await vsce.listFiles({ cwd: ROOT, packageManager: 2 /* PackageManager.None */ })).map((f) => f.replace(/\\/g, '/')).sort();
      const required = [
        'package.json', 'package.nls.json', 'package.nls.de.json', 'README.md', 'CHANGELOG.md', 'LICENSE',
        'dist/extension.cjs', manifest.icon!,
        // Every schema contributes.jsonValidation names: without it VS Code shows "Unable to load schema". The account
        // document's is served by the extension (stacklet-schema:), from the file the build writes.
        ...((manifest.contributes as { jsonValidation?: { url: string }[] }).jsonValidation ?? []).filter((v) => v.url.startsWith('./')).map((v) => v.url.replace(/^\.\//, '')),
        'dist/account.schema.json',
        'l10n/bundle.l10n.json', 'l10n/bundle.l10n.de.json', 'media/stacklet.svg',
        ...(manifest.contributes.walkthroughs ?? []).flatMap((w) => w.steps.map((s) => s.media.markdown!)),
      ];
      const built = fs.existsSync(path.join(ROOT, 'dist', 'extension.cjs'));
      // The chunks the entry imports, at once or on first use (esbuild.mjs): every one the build wrote.
      if (built) {
        const chunks = fs.readdirSync(path.join(ROOT, 'dist', 'chunks')).filter((file) => file.endsWith('.mjs')).map((file) => `dist/chunks/${file}`);
        assert.ok(chunks.includes('dist/chunks/api-undiciParts.mjs'), 'undici comes in a chunk of its own, named by its source');
        required.push(...chunks);
      }
      const missing = required.filter((file) => !files.includes(file) && (built || !file.startsWith('dist/')));
      assert.deepEqual(missing, [], 'left out of the package');
      const unwanted = files.filter((file) => /^(src|test|out|scripts|bench|docs|node_modules|media\/screenshots)\/|\.map$|\.ts$|^\.|tsconfig/.test(file));
      assert.deepEqual(unwanted, [], 'shipped but not needed');
    });
  });
});
