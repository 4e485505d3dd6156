/**
 * Projects: create (DOC, service notes §13), list and get (NOT FOUND in the documentation; INFERRED, like the
 * other listings). Every account has its default project, where a create without `project_uuid` goes.
 */
import { randomUUID } from 'node:crypto';
import { CreateProjectBody } from '../../api/requests';
import { requireRecord, requireUniqueName } from '../stateChecks';
import type { Ctx, Handler } from '../context';
import { created, ok, type Reply, type Router } from '../http';
import type { ProjectRec } from '../records';
import { listReply } from '../pagination';
import { parseBody } from '../issueMessages';

const uuidOf = (p: ProjectRec): string => p.uuid;

/** A new default project takes the mark from the old one, so an account has exactly one. */
function create(ctx: Ctx): Reply {
  const body = parseBody(CreateProjectBody, ctx.body);
  const account = ctx.account;
  requireUniqueName(account.projects, 'project', body.name, uuidOf);
  const now = ctx.world.timestamp();
  const project: ProjectRec = {
    uuid: randomUUID(),
    name: body.name,
    description: body.description ?? '',
    environment: body.environment ?? 'Development',
    color: body.color,
    is_default: false,
    budget: Number(body.budget ?? 0).toFixed(2),
    owner_uuid: account.profile.uuid,
    created_at: now,
    updated_at: now,
  };
  account.projects.add(project);
  if (body.is_default) {
    for (const other of account.projects.all()) other.is_default = other === project;
    account.project.id = project.uuid;
    account.project.name = project.name;
  }
  ctx.applied('project.create');
  return created({ project });
}

export function registerProjects(router: Router<Handler>): void {
  router
    .add('GET', '/v1/projects', (ctx) => listReply('projects', ctx.account.projects.all(), ctx.query, ctx.config.quirks))
    .add('POST', '/v1/projects', create)
    .add('GET', '/v1/projects/:uuid', (ctx) => ok({ project: requireRecord(ctx.account.projects, 'project', ctx.params['uuid'], ctx.params['uuid']!) }));
}
