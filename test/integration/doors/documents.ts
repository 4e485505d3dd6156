// The doors table's fourth door (issue 44): the actions whose person's door is the resource's document. Each row
// opens the document by its command, writes the row's text and saves it as Ctrl+S does; the language model tool
// and the MCP tool are given the input the document's kind gives its definition for that text
// (src/documents/<kind>/kind.ts, updateInput and createInput), so every door asks the same definition the same thing.
import { firewallKind } from '../../../src/kinds/firewall/document';
import type { AnyDocumentKind } from '../../../src/documents/documentKind';
import { loadBalancerState } from '../../../src/kinds/loadBalancer/documentChanges';
import { loadBalancerKind } from '../../../src/kinds/loadBalancer/document';
import type { LoadBalancer } from '../../../src/api/schemas';
import { userdataKind } from '../../../src/kinds/userdata/document';
import type { ListedKind } from '../../../src/kinds/registry';
import type { DoorKit } from './row';

/** What a document row's doors are given, made again before each door by its `prepare`. */
export interface DocumentPrepared {
  /** The tool's input besides `action`: what the document's kind gives its definition for `text`. */
  readonly input: Readonly<Record<string, unknown>>;
  /** The opening command's arguments (the resource's row), read when it runs. */
  readonly args: () => Promise<readonly unknown[]>;
  /** The document's text once edited, given the text it opened with. */
  readonly text: (opened: string) => string;
  /** The confirmation's button that sends. */
  readonly button: 'Apply' | 'Create';
}

export interface DocumentRow {
  readonly tool: string;
  readonly action: string;
  /** The command that opens the document. */
  readonly opens: string;
  readonly prepare: (kit: DoorKit) => Promise<DocumentPrepared>;
  /** The routes every door sends to, in order, and nothing else (the bodies are compared door to door). */
  readonly routes: readonly string[];
}

/** The input the document's kind gives its definition for `text` (an update when `id` is given). */
function inputOf(kind: AnyDocumentKind, text: string, id?: string): Record<string, unknown> {
  const parsed = kind.parse(text);
  if (!parsed.ok) throw new Error(`the row's text parses: ${JSON.stringify(parsed.problems)}`);
  return id === undefined ? kind.createInput(parsed.value) : kind.updateInput(parsed.value, id);
}

/** The text of a JSON document after `edit` of what it states (comments dropped; the save reads the state). */
function editedJson(kind: AnyDocumentKind, opened: string, edit: (state: Record<string, unknown>) => Record<string, unknown>): string {
  const parsed = kind.parse(opened);
  if (!parsed.ok) throw new Error(`the opened document parses: ${JSON.stringify(parsed.problems)}`);
  return JSON.stringify(edit(parsed.value as Record<string, unknown>), null, 2);
}

type Listed = { uuid: string; name: string };

/** The resource of `kind` named `name`, listed at `path` under `key`. */
async function named(kit: DoorKit, path: string, key: string, name: string): Promise<Listed | undefined> {
  return (await kit.get<Record<string, Listed[]>>(`${path}?per_page=200`))[key]!.find((item) => item.name === name);
}

/** Each of `names` gone, around the extension: what the door before made. */
async function without(kit: DoorKit, path: string, key: string, ...names: string[]): Promise<void> {
  for (const name of names) {
    const made = await named(kit, path, key, name);
    if (made) await kit.change('DELETE', `${path}/${made.uuid}`);
  }
}

/**
 * The resource `body` names made afresh around the extension, at `path` (listed under `key`), what the door before
 * made or renamed (`also`) gone first, and the extension's listing of `kind` dropped: each door edits the same one.
 */
async function afresh(kit: DoorKit, where: { path: string; key: string; kind: ListedKind }, body: { readonly name: string; readonly [field: string]: unknown }, ...also: string[]): Promise<Listed> {
  await without(kit, where.path, where.key, body.name, ...also);
  await kit.change('POST', where.path, body);
  const made = (await named(kit, where.path, where.key, body.name))!;
  await kit.invalidate(where.kind);
  return made;
}

const FIREWALL = { name: 'doors-fw', inbound_rules: [{ address: '192.0.2.0/24', port: 22, protocol: 'tcp' }], outbound_rules: [{ address: '0.0.0.0/0', port: 443, protocol: 'tcp' }], stacklet_ids: [] };
const FIREWALL_EDITED = 'doors-fw-edited';
const LOAD_BALANCER = {
  name: 'doors-lb', region: 'fra', algorithm: 'round_robin', rules: [{ protocol: 'http', source_port: 80, target_port: 80 }],
  health: { protocol: 'http', port: 80, path: '/health', interval: 10, rise: 3, fall: 3 }, sticky_sessions: null, redirect_http_to_https: false, stacklet_ids: [],
};
const SCRIPT = 'doors-script';
const SCRIPT_TEXT = `#: name: ${SCRIPT}\n#!/bin/sh\necho one\n`;

export const DOCUMENT_ROWS: readonly DocumentRow[] = [
  {
    tool: 'stacklet_manage_firewall',
    action: 'create',
    opens: 'stacklet.newFirewall',
    prepare: async (kit) => {
      await without(kit, '/v1/firewalls', 'firewalls', FIREWALL.name);
      await kit.invalidate('firewall');
      const text = JSON.stringify(FIREWALL);
      return { input: inputOf(firewallKind, text), args: async () => [], text: () => text, button: 'Create' };
    },
    routes: ['POST /v1/firewalls'],
  },
  {
    tool: 'stacklet_manage_firewall',
    action: 'update',
    opens: 'stacklet.editFirewall',
    prepare: async (kit) => {
      // Each door edits the same firewall, made afresh: renamed, and a rule added.
      const { stacklet_ids: _none, ...body } = FIREWALL;
      const made = await afresh(kit, { path: '/v1/firewalls', key: 'firewalls', kind: 'firewall' }, body, FIREWALL_EDITED);
      const text = (opened: string) => editedJson(firewallKind, opened, (state) => ({
        ...state,
        name: FIREWALL_EDITED,
        inbound_rules: [...state['inbound_rules'] as unknown[], { address: '198.51.100.0/24', port: 80, protocol: 'tcp' }],
      }));
      const opened = firewallKind.render({ ...FIREWALL, stacklet_ids: [] }, { id: made.uuid, name: FIREWALL.name });
      return {
        input: inputOf(firewallKind, text(opened), made.uuid),
        args: async () => [await kit.node('networking', 'firewall', FIREWALL.name)],
        text,
        button: 'Apply',
      };
    },
    routes: ['PUT /v1/firewalls/:uuid', 'POST /v1/firewalls/:uuid/rules'],
  },
  {
    tool: 'stacklet_manage_loadBalancer',
    action: 'create',
    opens: 'stacklet.newLoadBalancerDocument',
    prepare: async (kit) => {
      const made = await named(kit, '/v1/load_balancers', 'load_balancers', LOAD_BALANCER.name);
      if (made) {
        // Made by the door before, with a task: it is deleted once that has ended.
        await kit.idle('loadBalancer', made.uuid, `/v1/load_balancers/${made.uuid}`, 'load_balancer');
        await kit.change('DELETE', `/v1/load_balancers/${made.uuid}`);
      }
      await kit.invalidate('loadBalancer');
      const text = JSON.stringify(LOAD_BALANCER);
      return { input: inputOf(loadBalancerKind, text), args: async () => [], text: () => text, button: 'Create' };
    },
    routes: ['POST /v1/load_balancers'],
  },
  {
    tool: 'stacklet_manage_loadBalancer',
    action: 'update',
    opens: 'stacklet.editLoadBalancer',
    prepare: async (kit) => {
      // Each door finds web-lb spreading round robin, and makes it least connections with a rule added.
      const lb = (await named(kit, '/v1/load_balancers', 'load_balancers', 'web-lb'))!;
      const { load_balancer: current } = await kit.get<{ load_balancer: LoadBalancer }>(`/v1/load_balancers/${lb.uuid}`);
      if (current.algorithm !== 'round_robin') await kit.change('PUT', `/v1/load_balancers/${lb.uuid}`, { name: current.name, health: current.health, algorithm: 'round_robin' });
      if (current.rules.some((rule) => rule.source_port === 8081)) {
        await kit.change('DELETE', `/v1/load_balancers/${lb.uuid}/rules`, { rules: [{ protocol: 'http', source_port: 8081, target_port: 80 }] });
      }
      await kit.invalidate('loadBalancer');
      const text = (opened: string) => editedJson(loadBalancerKind, opened, (state) => ({
        ...state,
        algorithm: 'least_connections',
        rules: [...state['rules'] as unknown[], { protocol: 'http', source_port: 8081, target_port: 80 }],
      }));
      const { load_balancer: reset } = await kit.get<{ load_balancer: LoadBalancer }>(`/v1/load_balancers/${lb.uuid}`);
      const state = loadBalancerState(reset);
      return {
        input: inputOf(loadBalancerKind, text(loadBalancerKind.render(state, { id: lb.uuid, name: lb.name })), lb.uuid),
        args: async () => [await kit.node('networking', 'loadBalancer', 'web-lb')],
        text,
        button: 'Apply',
      };
    },
    routes: ['PUT /v1/load_balancers/:uuid', 'POST /v1/load_balancers/:uuid/rules'],
  },
  {
    tool: 'stacklet_manage_userdata',
    action: 'create',
    opens: 'stacklet.newUserdata',
    prepare: async (kit) => {
      await without(kit, '/v1/userdata', 'userdata', SCRIPT);
      await kit.invalidate('userdata');
      return { input: inputOf(userdataKind, SCRIPT_TEXT), args: async () => [], text: () => SCRIPT_TEXT, button: 'Create' };
    },
    routes: ['POST /v1/userdata'],
  },
  {
    tool: 'stacklet_manage_userdata',
    action: 'update',
    opens: 'stacklet.editUserdata',
    prepare: async (kit) => {
      // Each door edits the same script, made afresh: its text changed.
      const made = await afresh(kit, { path: '/v1/userdata', key: 'userdata', kind: 'userdata' }, { name: SCRIPT, userdata: '#!/bin/sh\necho one\n' });
      const text = (opened: string) => opened.replace('echo one', 'echo two');
      return {
        input: inputOf(userdataKind, text(SCRIPT_TEXT), made.uuid),
        args: async () => [await kit.node('userdata', 'userdata', SCRIPT)],
        text,
        button: 'Apply',
      };
    },
    routes: ['PUT /v1/userdata/:uuid'],
  },
];
