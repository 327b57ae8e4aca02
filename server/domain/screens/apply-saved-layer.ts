/**
 * A stored layer merged for serving, when the screens under it may have changed since it was saved
 * (an upgrade renamed a built-in field, a deployment removed one, a referenced screen is gone):
 * every part that no longer validates is left out, field by field, and reported, so the screen
 * still works with the rest (issue 27 "Safety"). The checks are exactly the save's
 * (mergeCompanyLayer): the part an error names (`hide[1]`, `addProperties.placa`, `titles.x`) is
 * dropped and the merge runs again, until it passes or nothing is left.
 */
import { AppError, type ErrorDetail } from '../../errors.ts';
import { isObject } from '../../schemas/check-folder.ts';
import { mergeCompanyLayer, type MergeLayerInput, type MergedScreen } from './merge-company-layer.ts';

type JsonObject = Record<string, unknown>;

export interface AppliedLayer {
  /** The screen with what still applies; undefined when nothing does (the base is served). */
  merged?: MergedScreen;
  /** What was left out and why (Spanish), by the layer's path. */
  problems: ErrorDetail[];
}

/** Remove the named field everywhere the layer mentions it (a dropped field takes its settings along). */
function dropField(layer: JsonObject, name: string): void {
  delete (layer.addProperties as JsonObject | undefined)?.[name];
  delete (layer.titles as JsonObject | undefined)?.[name];
  for (const key of ['required', 'hide', 'order']) if (Array.isArray(layer[key])) layer[key] = (layer[key] as string[]).filter((n) => n !== name);
  for (const key of ['columns', 'filters']) if (Array.isArray(layer[key])) layer[key] = (layer[key] as JsonObject[]).filter((c) => c.field !== name);
}

/**
 * The message with the field its path stands for (`hide[0]`, `titles.x` -> "garantiaMeses"), so the admin
 * reading it in the list of screens knows which one: the path's index is of the stored layer.
 */
function namedMessage(layer: JsonObject, detail: ErrorDetail): string {
  const item = /^(required|hide|order|columns|filters)\[(\d+)\]/.exec(detail.path);
  const value = item && Array.isArray(layer[item[1]]) ? (layer[item[1]] as unknown[])[Number(item[2])] : undefined;
  const name = typeof value === 'string' ? value : isObject(value) && typeof value.field === 'string' ? value.field : /^titles\.([^.[]+)$/.exec(detail.path)?.[1];
  return name && !detail.message.includes(name) ? `"${name}": ${detail.message}` : detail.message;
}

/** Drop the part of `layer` that `path` names; false when the path names nothing that can go. */
function dropPart(layer: JsonObject, path: string): boolean {
  const field = /^addProperties\.([^.[]+)/.exec(path);
  if (field && isObject(layer.addProperties) && Object.hasOwn(layer.addProperties, field[1])) {
    dropField(layer, field[1]);
    return true;
  }
  const item = /^(required|hide|order|columns|filters)\[(\d+)\]/.exec(path);
  if (item && Array.isArray(layer[item[1]])) {
    (layer[item[1]] as unknown[]).splice(Number(item[2]), 1);
    return true;
  }
  const title = /^titles\.([^.[]+)/.exec(path);
  if (title && isObject(layer.titles) && Object.hasOwn(layer.titles, title[1])) {
    delete layer.titles[title[1]];
    return true;
  }
  const key = /^([A-Za-z]+)/.exec(path)?.[1];
  if (key && key !== 'addProperties' && Object.hasOwn(layer, key)) {
    delete layer[key];
    return true;
  }
  return false;
}

/** See the module. Never throws for a layer's content; AppError NOT_FOUND only when the screen is no longer one a company changes. */
export function applySavedLayer(input: MergeLayerInput): AppliedLayer {
  const layer = structuredClone(input.layer) as JsonObject;
  const problems: ErrorDetail[] = [];
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      return { merged: mergeCompanyLayer({ ...input, layer }), problems };
    } catch (err) {
      if (!(err instanceof AppError)) {
        problems.push({ path: '', message: `los cambios de la empresa no se aplican: ${(err as Error).message}` });
        return { problems };
      }
      if (err.code === 'NOT_FOUND') {
        problems.push({ path: '', message: err.message });
        return { problems };
      }
      const found = err.details?.[0] ?? { path: '', message: err.message };
      const detail = { ...found, message: namedMessage(layer, found) };
      if (!problems.some((p) => p.path === detail.path && p.message === detail.message)) problems.push(detail);
      if (!dropPart(layer, detail.path)) return { problems };
    }
  }
  return { problems };
}
