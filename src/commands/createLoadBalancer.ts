import * as vscode from 'vscode';
import { checkCertificateId, checkCookieName, checkCookieTtl, checkHealthCheckPath, checkHealthInterval, checkHealthThreshold, checkListenPort, checkResourceName, checkPort, checkTypedNumber, LB_ALGORITHMS, LB_HEALTH_PROTOCOLS, LB_PROTOCOLS, parseWholeNumber } from '../api/validators';
import { stackletItem, yesNo } from './choices';
import type { CommandDeps } from './deps';
import type { PickItem } from '../ui/prompter';
import { done } from '../ui/notify';
import { createWithRetry } from './createFlow';
import { nameStep, sameNameWarning } from './wizardSteps/nameStep';
import { listedProjects, projectField, projectSteps, type InProject } from './wizardSteps/projectStep';
import { regionStep } from './wizardSteps/regionStep';
import { inputStep, pickManyStep, pickStep, wholeNumberStep, type WizardStep } from './wizard';
import { plural } from '../api/plural';

type HealthNumber = 'interval' | 'rise' | 'fall';

/** How an HTTPS rule handles TLS: the load balancer presents a certificate, or passes the encrypted traffic on. */
type Tls = 'terminate' | 'passthrough';

interface RuleDraft {
  protocol?: string;
  source?: string;
  target?: string;
  tls?: Tls;
  certificate?: string;
}

interface NewLoadBalancer extends InProject {
  name?: string;
  region?: string;
  algorithm?: string;
  rules: RuleDraft[];
  /** more[i]: add another rule after rule i. */
  more: boolean[];
  healthProtocol?: string;
  healthPort?: string;
  healthPath?: string;
  /** Interval, rise and fall of the health check, as typed. */
  healthNumbers: Partial<Record<HealthNumber, string>>;
  stacklets?: number[];
  sticky?: boolean;
  cookieName?: string;
  cookieTtl?: string;
  redirect?: boolean;
}

const ALGORITHM_TEXT: Record<string, () => string> = {
  round_robin: () => vscode.l10n.t('each request to the next stacklet in turn'),
  least_connections: () => vscode.l10n.t('each request to the stacklet with the fewest connections'),
};

const plain = (values: readonly string[]): PickItem<string>[] => values.map((value) => ({ label: value, value }));

/** How many forwarding rules the answers so far describe: one, plus one per "add another". */
function ruleCount(state: NewLoadBalancer): number {
  let count = 1;
  while (state.more[count - 1] === true) count++;
  return count;
}

/** The source ports of the other rules (a rule may keep its own port when re-asked after Back). */
function otherPorts(state: NewLoadBalancer, index: number): number[] {
  return state.rules.slice(0, ruleCount(state))
    .flatMap((rule, i) => (i === index || rule.source === undefined ? [] : [parseWholeNumber(rule.source) ?? -1]));
}

/**
 * Create Load Balancer: name, region (those offering load balancers), algorithm, forwarding rules (protocol,
 * source and target port, for HTTPS where TLS ends (a certificate, or passthrough), repeated while the user
 * adds another), health check (protocol, port, path for HTTP, interval, rise and fall), backend stacklets of
 * the region, sticky sessions (none, or a cookie name and TTL), the HTTP-to-HTTPS redirect, and the project
 * (when the service lists several); the review they end in (./createFlow.ts) confirms, and the load balancer's create definition
 * (src/kinds/loadBalancer/operations.ts) checks, plans and sends it, as it does for an agent.
 */
export async function createLoadBalancer(deps: CommandDeps): Promise<void> {
  const session = await deps.session.current();
  const { store } = session;
  const title = (what: string) => vscode.l10n.t('Create Load Balancer: {0}', what);
  const port = (what: string) => (text: string) => checkTypedNumber(text, (n) => checkPort(n, what), what);
  const projects = await listedProjects(deps, store);
  const sameName = await sameNameWarning(store, 'loadBalancer', (name) => vscode.l10n.t('Another load balancer is already named {0}.', name));

  /** An HTTPS rule: terminate TLS with a certificate (its ID), or pass it through to the stacklets. */
  const tlsSteps = (state: NewLoadBalancer, index: number): WizardStep<NewLoadBalancer>[] => {
    const rule = (s: NewLoadBalancer) => (s.rules[index] ??= {});
    const n = index + 1;
    const steps: WizardStep<NewLoadBalancer>[] = [
      pickStep<NewLoadBalancer, Tls>(deps, `rule${n}.tls`, () => ({
        title: title(vscode.l10n.t('Rule {0} TLS', n)),
        placeHolder: vscode.l10n.t('Where the HTTPS of forwarding rule {0} is decrypted', n),
        items: [
          { label: vscode.l10n.t('At the Load Balancer'), icon: 'lock', description: vscode.l10n.t('it presents a certificate; the stacklets get the decrypted traffic'), value: 'terminate' },
          { label: vscode.l10n.t('At the Stacklets (TLS Passthrough)'), icon: 'arrow-right', description: vscode.l10n.t('the encrypted traffic goes on; the stacklets hold the certificate'), value: 'passthrough' },
        ],
      }), (s) => s.rules[index]?.tls, (s, tls) => (rule(s).tls = tls)),
    ];
    if (state.rules[index]?.tls === 'terminate') {
      steps.push(wholeNumberStep(deps, `rule${n}.certificate`, (s) => ({
        title: title(vscode.l10n.t('Rule {0} Certificate', n)),
        prompt: vscode.l10n.t('The ID of the TLS certificate the load balancer presents on port {0}', s.rules[index]?.source ?? ''),
        placeHolder: vscode.l10n.t('A certificate ID, a whole number'),
        what: vscode.l10n.t('Certificate ID'),
        check: checkCertificateId,
      }), (s) => s.rules[index]?.certificate, (s, certificate) => (rule(s).certificate = certificate)));
    }
    return steps;
  };

  const ruleSteps = (state: NewLoadBalancer, index: number): WizardStep<NewLoadBalancer>[] => {
    const rule = (s: NewLoadBalancer) => (s.rules[index] ??= {});
    const n = index + 1;
    return [
      pickStep(deps, `rule${n}.protocol`, () => ({
        title: title(vscode.l10n.t('Rule {0} Protocol', n)),
        placeHolder: vscode.l10n.t('The protocol of forwarding rule {0}', n),
        items: plain(LB_PROTOCOLS),
      }), (s) => s.rules[index]?.protocol, (s, protocol) => (rule(s).protocol = protocol)),
      inputStep(deps, `rule${n}.source`, (s) => ({
        title: title(vscode.l10n.t('Rule {0} Source Port', n)),
        prompt: vscode.l10n.t('The port the load balancer listens on'),
        initial: s.rules[index]?.protocol === 'https' || s.rules[index]?.protocol === 'http2' ? '443' : '80',
        validate: (text) => checkTypedNumber(text, (p) => checkListenPort(p, otherPorts(s, index), vscode.l10n.t('Source port')), vscode.l10n.t('Source port')),
      }), (s) => s.rules[index]?.source, (s, source) => (rule(s).source = source)),
      inputStep(deps, `rule${n}.target`, (s) => ({
        title: title(vscode.l10n.t('Rule {0} Target Port', n)),
        prompt: vscode.l10n.t('The port on the stacklets that traffic goes to'),
        initial: s.rules[index]?.source ?? '80',
        validate: port(vscode.l10n.t('Target port')),
      }), (s) => s.rules[index]?.target, (s, target) => (rule(s).target = target)),
      ...(state.rules[index]?.protocol === 'https' ? tlsSteps(state, index) : []),
      pickStep(deps, `rule${n}.more`, () => ({
        title: title(vscode.l10n.t('More Rules')),
        placeHolder: vscode.l10n.t('Add another forwarding rule?'),
        items: [
          { label: vscode.l10n.t('Done'), icon: 'check', description: plural(n, vscode.l10n.t('1 forwarding rule'), vscode.l10n.t('{0} forwarding rules', n)), value: false },
          { label: vscode.l10n.t('Add Another Rule'), icon: 'add', value: true },
        ],
      }), (s) => s.more[index], (s, more) => (s.more[index] = more)),
    ];
  };

  const build = (s: NewLoadBalancer): WizardStep<NewLoadBalancer>[] => {
    const steps: WizardStep<NewLoadBalancer>[] = [
      nameStep<NewLoadBalancer>(deps, {
        title: title(vscode.l10n.t('Name')),
        prompt: vscode.l10n.t('The load balancer\'s name'),
        placeHolder: vscode.l10n.t('A name, such as the site it serves'),
        check: (name) => checkResourceName(name, vscode.l10n.t('Name')),
        warn: sameName,
      }),
      regionStep<NewLoadBalancer>(deps, store, { title: title(vscode.l10n.t('Region')), placeHolder: vscode.l10n.t('Regions that offer load balancers') }, 'load_balancers'),
      pickStep(deps, 'algorithm', () => ({
        title: title(vscode.l10n.t('Algorithm')),
        placeHolder: vscode.l10n.t('How requests are spread over the stacklets'),
        items: LB_ALGORITHMS.map((value) => ({ label: value, description: ALGORITHM_TEXT[value]?.() ?? '', value })),
      }), (st) => st.algorithm, (st, algorithm) => (st.algorithm = algorithm)),
    ];
    for (let index = 0; index < ruleCount(s); index++) steps.push(...ruleSteps(s, index));
    steps.push(
      pickStep(deps, 'health.protocol', () => ({
        title: title(vscode.l10n.t('Health Check Protocol')),
        placeHolder: vscode.l10n.t('How the load balancer checks that a stacklet is healthy'),
        items: plain(LB_HEALTH_PROTOCOLS),
      }), (st) => st.healthProtocol, (st, protocol) => (st.healthProtocol = protocol)),
      inputStep(deps, 'health.port', (st) => ({
        title: title(vscode.l10n.t('Health Check Port')),
        prompt: vscode.l10n.t('The port on the stacklets that is checked'),
        initial: st.rules[0]?.target ?? '80',
        validate: port(vscode.l10n.t('Health check port')),
      }), (st) => st.healthPort, (st, value) => (st.healthPort = value)),
    );
    if (s.healthProtocol === 'http') {
      steps.push(inputStep(deps, 'health.path', () => ({
        title: title(vscode.l10n.t('Health Check Path')),
        prompt: vscode.l10n.t('The path requested; a 2xx answer means healthy'),
        initial: '/',
        validate: (text) => checkHealthCheckPath(text.trim(), vscode.l10n.t('Path')),
      }), (st) => st.healthPath, (st, path) => (st.healthPath = path)));
    }
    const healthNumbers: [HealthNumber, string, string, string, string, (value: number, what: string) => string | undefined][] = [
      ['interval', vscode.l10n.t('Health Check Interval'), vscode.l10n.t('Seconds between two checks of a stacklet (3 to 300)'), '10', vscode.l10n.t('Interval'), checkHealthInterval],
      ['rise', vscode.l10n.t('Health Check Rise'), vscode.l10n.t('Checks in a row that must pass before a stacklet gets traffic again (1 to 10)'), '3', vscode.l10n.t('Rise'), checkHealthThreshold],
      ['fall', vscode.l10n.t('Health Check Fall'), vscode.l10n.t('Checks in a row that must fail before a stacklet gets no more traffic (1 to 10)'), '3', vscode.l10n.t('Fall'), checkHealthThreshold],
    ];
    for (const [key, heading, prompt, initial, what, check] of healthNumbers) {
      steps.push(wholeNumberStep(deps, `health.${key}`, () => ({ title: title(heading), prompt, initial, what, check }),
        (st) => st.healthNumbers[key], (st, value) => (st.healthNumbers[key] = value)));
    }
    steps.push(
      pickManyStep<NewLoadBalancer, number>(deps, 'stacklets', async (st) => ({
        title: title(vscode.l10n.t('Stacklets')),
        placeHolder: vscode.l10n.t('The stacklets in {0} to send traffic to (none is fine; add them later)', st.region ?? ''),
        items: (await store.get('stacklet')).items.filter((stacklet) => stacklet.region.slug === st.region).map(stackletItem),
      }), (st) => st.stacklets, (st, ids) => (st.stacklets = ids)),
      pickStep(deps, 'sticky', () => ({
        title: title(vscode.l10n.t('Sticky Sessions')),
        placeHolder: vscode.l10n.t('Send a client\'s later requests to the same stacklet?'),
        items: [
          { label: vscode.l10n.t('None'), description: vscode.l10n.t('every request is balanced on its own'), value: false },
          { label: vscode.l10n.t('Cookies'), description: vscode.l10n.t('a cookie ties the client to its stacklet'), value: true },
        ],
      }), (st) => st.sticky, (st, sticky) => (st.sticky = sticky)),
    );
    if (s.sticky) {
      steps.push(
        inputStep(deps, 'sticky.name', () => ({
          title: title(vscode.l10n.t('Cookie Name')),
          prompt: vscode.l10n.t('The name of the cookie sent to clients'),
          initial: 'lb',
          validate: (text) => checkCookieName(text.trim(), vscode.l10n.t('Cookie name')),
        }), (st) => st.cookieName, (st, name) => (st.cookieName = name)),
        inputStep(deps, 'sticky.ttl', () => ({
          title: title(vscode.l10n.t('Cookie TTL')),
          prompt: vscode.l10n.t('Seconds until the cookie expires'),
          initial: '300',
          validate: (text) => checkTypedNumber(text, (ttl) => checkCookieTtl(ttl, vscode.l10n.t('TTL')), vscode.l10n.t('TTL')),
        }), (st) => st.cookieTtl, (st, ttl) => (st.cookieTtl = ttl)),
      );
    }
    steps.push(pickStep(deps, 'redirect', () => ({
      title: title(vscode.l10n.t('Redirect HTTP to HTTPS')),
      placeHolder: vscode.l10n.t('Redirect port 80 to 443?'),
      items: yesNo(vscode.l10n.t('HTTP requests are redirected to HTTPS'), vscode.l10n.t('no redirect')),
    }), (st) => st.redirect, (st, redirect) => (st.redirect = redirect)));
    steps.push(...projectSteps<NewLoadBalancer>(deps, title(vscode.l10n.t('Project')), projects));
    return steps;
  };

  /** The create definition's input (src/kinds/loadBalancer/operations.ts), which builds the body. */
  const inputOf = (answers: NewLoadBalancer) => ({
    name: answers.name!,
    region: answers.region!,
    algorithm: answers.algorithm!,
    rules: answers.rules.slice(0, ruleCount(answers)).map((rule) => ({
      protocol: rule.protocol!,
      source_port: parseWholeNumber(rule.source!)!,
      target_port: parseWholeNumber(rule.target!)!,
      ...(rule.protocol === 'https' && rule.tls === 'passthrough' ? { tls_passthrough: true } : {}),
      ...(rule.protocol === 'https' && rule.tls === 'terminate' ? { certificate_id: parseWholeNumber(rule.certificate!)! } : {}),
    })),
    health: {
      protocol: answers.healthProtocol!,
      port: parseWholeNumber(answers.healthPort!)!,
      ...(answers.healthProtocol === 'http' ? { path: answers.healthPath! } : {}),
      interval: parseWholeNumber(answers.healthNumbers.interval!)!,
      rise: parseWholeNumber(answers.healthNumbers.rise!)!,
      fall: parseWholeNumber(answers.healthNumbers.fall!)!,
    },
    stacklet_ids: answers.stacklets ?? [],
    sticky_sessions: answers.sticky ? { name: answers.cookieName!, ttl: parseWholeNumber(answers.cookieTtl!)! } : null,
    redirect_http_to_https: answers.redirect ?? false,
    project: projectField(projects, answers.project).project_uuid,
  });
  const result = await createWithRetry(deps, session, {
    kind: 'loadBalancer',
    state: { rules: [], more: [], healthNumbers: {} } as NewLoadBalancer,
    steps: build,
    // How many steps depends on the answers (rules added, HTTPS, the check's protocol, sticky sessions): the
    // steps are numbered without a total.
    wizard: { countKnown: false },
    // The longer names first: a message naming "sticky_sessions.name" also names "name".
    fields: {
      'sticky_sessions.name': 'sticky.name', 'sticky_sessions.ttl': 'sticky.ttl', sticky_sessions: 'sticky',
      'health.protocol': 'health.protocol', 'health.port': 'health.port', 'health.path': 'health.path',
      'health.interval': 'health.interval', 'health.rise': 'health.rise', 'health.fall': 'health.fall', health: 'health.protocol',
      rules: 'rule1.protocol', stacklet_ids: 'stacklets', redirect_http_to_https: 'redirect', project_uuid: 'project',
      name: 'name', region: 'region', algorithm: 'algorithm',
    },
    input: (answers) => inputOf(answers),
  });
  if (!result) return;
  const { data, answers } = result;
  done(deps.log, vscode.l10n.t('Creating load balancer {0} in {1}.', answers.name!, answers.region!), data['task'] !== null);
}
