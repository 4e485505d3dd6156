import * as vscode from 'vscode';
import type { Project } from '../../api/schemas';
import type { ResourceStore } from '../../kinds/resourceStore';
import type { PickItem } from '../../ui/prompter';
import type { CommandDeps } from '../deps';
import { pickStep, type WizardStep } from '../wizard';

/** A create wizard's answers that name a project (its uuid). */
export interface InProject {
  project?: string;
}

/** The account's projects, when the service lists more than one: a create then asks which (the default first). */
export async function listedProjects(deps: CommandDeps, store: ResourceStore): Promise<Project[] | undefined> {
  try {
    const projects = (await store.get('project')).items;
    return projects.length > 1 ? [...projects].sort((a, b) => Number(b.is_default) - Number(a.is_default)) : undefined;
  } catch (error) {
    // A service that lists no projects (404/405): the resource goes to the default project, unasked.
    deps.log.info(`Projects are not asked for: ${String(error)}`);
    return undefined;
  }
}

/**
 * The Project step of a create wizard, when the service lists several projects: the default one comes
 * first, so Enter keeps it. None when it lists one or none (the step is skipped).
 */
export function projectSteps<S extends InProject>(deps: CommandDeps, title: string, projects: readonly Project[] | undefined): WizardStep<S>[] {
  if (!projects) return [];
  const items: PickItem<string>[] = projects.map((project) => ({
    label: project.name,
    icon: 'project',
    description: [project.is_default ? vscode.l10n.t('default project') : undefined, project.environment].filter(Boolean).join(' · '),
    value: project.uuid,
  }));
  return [pickStep<S, string>(deps, 'project', () => ({
    title,
    placeHolder: vscode.l10n.t('The project the new resource belongs to'),
    items,
  }), (s) => s.project, (s, project) => (s.project = project))];
}

/** `project_uuid` for the body: only for a project other than the default (which the service takes when it is left out). */
export function projectField(projects: readonly Project[] | undefined, chosen: string | undefined): { project_uuid?: string } {
  const project = projects?.find((p) => p.uuid === chosen);
  return project && !project.is_default ? { project_uuid: project.uuid } : {};
}
