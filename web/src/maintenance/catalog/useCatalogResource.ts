import { useEffect, useState } from 'react';
import type { RouteDef } from '@bb/contracts';
import type { FieldErrors, FieldOf } from '../../shared/forms/field-errors';
import { useFieldErrors } from '../../shared/forms/useFieldErrors';
import { callRoute, routeUrl, useRoute, type RouteBody, type RouteParams } from '../../shared/api/routes';
import { useFetchErrorToast, useWrite } from '../api';

/** The routes of one console catalog resource, as the contracts name them. */
export interface ResourceRoutes {
  list: RouteDef;
  create: RouteDef;
  update: RouteDef;
  remove: RouteDef;
}

export interface ResourceNames {
  /** As the spec's toasts say it: 'Package', 'Staff member', 'News article'… */
  noun: string;
  /** The spec's fetch-failure toast: 'Failed to fetch packages'. */
  fetchFailure: string;
}

const byId = <D extends RouteDef>(id: string) => ({ id }) as RouteParams<D>;

/**
 * A console catalog screen's data: its list (with the spec's fetch-failure toast) and its
 * create, update and delete, each with the spec's success and failure toasts; every read of
 * the resource (this list, the unfiltered one, the public pages) is refreshed after a write.
 */
export function useCatalogResource<R extends ResourceRoutes>(
  routes: R,
  { noun, fetchFailure }: ResourceNames,
  { query, onSaved }: { query?: Record<string, string>; onSaved?: () => void } = {},
) {
  const list = useRoute<R['list']>(routes.list, { query });
  useFetchErrorToast(list.error, fetchFailure);
  const refresh = [routeUrl(routes.list)];
  const lower = noun.toLowerCase();
  const write = (verb: 'create' | 'update' | 'delete', onSuccess?: () => void) => ({
    refresh,
    success: `${noun} ${verb}d successfully`,
    failure: `Failed to ${verb} ${lower}`,
    onSuccess,
  });
  const create = useWrite({ run: (body: RouteBody<R['create']>) => callRoute<R['create']>(routes.create, { body }), ...write('create', onSaved) });
  const update = useWrite({
    run: ({ id, body }: { id: string; body: RouteBody<R['update']> }) => callRoute<R['update']>(routes.update, { params: byId<R['update']>(id), body }),
    ...write('update', onSaved),
  });
  const remove = useWrite({ run: (id: string) => callRoute<R['remove']>(routes.remove, { params: byId<R['remove']>(id) }), ...write('delete') });
  return { list, create, update, remove };
}

/**
 * The add/edit dialog of a card screen: which item (or 'new'), its form, and the form's errors,
 * shown by a submit (`validate`) and each gone as soon as its field is valid.
 */
export function useItemEditor<Item, Form extends Record<string, string>>(
  empty: Form,
  toForm: (item: Item) => Form,
  check: (form: Form) => FieldErrors<FieldOf<Form>>,
) {
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [form, setForm] = useState<Form>(empty);
  const { errors, validate, reset } = useFieldErrors(form, check);
  return {
    editing,
    form,
    errors,
    validate,
    open: (item: Item | 'new') => {
      reset();
      setForm(item === 'new' ? empty : toForm(item));
      setEditing(item);
    },
    close: () => setEditing(null),
    set: (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value })),
  };
}

/**
 * The form of a dialog that keeps its own (news, results, treatments): every opening starts
 * from the item, or from the blank form for a new one, with no errors shown yet.
 */
export function useDialogForm<Item, Form extends object>(
  open: boolean,
  item: Item | null,
  valuesOf: (item: Item | null) => Form,
  check: (form: Form) => FieldErrors<FieldOf<Form>>,
) {
  const [form, setForm] = useState<Form>(() => valuesOf(item));
  const { errors, validate, reset } = useFieldErrors(form, check);
  useEffect(() => {
    if (!open) return;
    setForm(valuesOf(item));
    reset();
  }, [open, item, valuesOf, reset]);
  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  return { form, errors, validate, set };
}

/** The routes of one catalog item's detail screen. */
export interface ItemRoutes {
  list: RouteDef;
  read: RouteDef;
  update: RouteDef;
}

/** A detail screen's item (with the spec's fetch-failure toast) and its update, with the spec's toasts. */
export function useCatalogItem<R extends ItemRoutes>(routes: R, id: string, { noun, fetchFailure }: ResourceNames, onSaved: () => void) {
  const item = useRoute<R['read']>(routes.read, { params: byId<R['read']>(id) });
  useFetchErrorToast(item.error, fetchFailure);
  const update = useWrite({
    run: (body: RouteBody<R['update']>) => callRoute<R['update']>(routes.update, { params: byId<R['update']>(id), body }),
    refresh: [routeUrl(routes.list)],
    success: `${noun} updated successfully`,
    failure: `Failed to update ${noun.toLowerCase()}`,
    onSuccess: onSaved,
  });
  return { item, update };
}
