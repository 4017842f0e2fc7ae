import { useState } from 'react';
import {
  changeFilters,
  clearFilters,
  currentFilters,
  deleteTemplate,
  parseCurrentTemplate,
  parseTemplates,
  saveTemplateAs,
  selectTemplate,
  serializeTemplates,
  storedCurrentTemplate,
} from '@app/domain/loadboard/board-templates.rules';
import type {
  BoardFilters,
  BoardTemplatesState,
  CurrentTemplate,
  TemplateChange,
} from '@app/domain/loadboard/board-templates.rules';
import { useCurrentUser } from '@/lib/current-user';
import { useUpdateFilters } from '../api/update-filters';
import { readCurrentTemplateName, readCustomTemplate, saveTemplates } from './board-storage';

// The board's templates as the page uses them: the domain's rules (None, Custom or named; a change with no
// template makes Custom; a change on a named template updates and saves it), the current and custom
// template kept in local storage, and the named ones saved to the user's filters_data_2.

function initialState(filtersData: string): BoardTemplatesState {
  const named = parseTemplates(filtersData);
  return {
    named,
    custom: readCustomTemplate(),
    current: parseCurrentTemplate(readCurrentTemplateName(), named),
  };
}

export type BoardTemplates = ReturnType<typeof useBoardTemplates>;

export function useBoardTemplates() {
  const user = useCurrentUser();
  const [state, setState] = useState(() => initialState(user.filters_data_2));
  const save = useUpdateFilters();

  const commit = (next: BoardTemplatesState, named: TemplateChange['save'] = null) => {
    setState(next);
    saveTemplates(storedCurrentTemplate(next.current), next.custom);
    if (named) save.mutate(serializeTemplates(named));
  };
  const apply = (change: TemplateChange) => commit(change.state, change.save);

  return {
    state,
    filters: currentFilters(state),
    /** The save of the named templates, for its pending and error marks. */
    saving: save,
    change: (patch: Partial<BoardFilters>) => apply(changeFilters(state, patch)),
    select: (current: CurrentTemplate) => commit(selectTemplate(state, current)),
    saveAs: (name: string) => apply(saveTemplateAs(state, name)),
    remove: (name: string) => apply(deleteTemplate(state, name)),
    clear: () => commit(clearFilters(state)),
  };
}
