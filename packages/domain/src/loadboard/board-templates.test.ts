import { describe, expect, it } from 'vitest';
import {
  changeFilters,
  clearFilters,
  countBoardFilters,
  currentFilters,
  CUSTOM_TEMPLATE,
  deleteTemplate,
  EMPTY_BOARD_FILTERS,
  NO_TEMPLATE,
  parseCurrentTemplate,
  parseTemplates,
  saveTemplateAs,
  selectTemplate,
  serializeTemplates,
  storedCurrentTemplate,
  templateNameProblem,
} from './board-templates.rules';
import type { BoardTemplate, BoardTemplatesState } from './board-templates.rules';

const texas: BoardTemplate = {
  ...EMPTY_BOARD_FILTERS,
  name: 'Texas vans',
  pickupStates: ['TX'],
  vehicleTypes: ['VAN'],
  miles: 800,
};
const east: BoardTemplate = { ...EMPTY_BOARD_FILTERS, name: 'East', deliveryStates: ['NY', 'NJ'] };

function state(extra: Partial<BoardTemplatesState> = {}): BoardTemplatesState {
  return { current: NO_TEMPLATE, custom: EMPTY_BOARD_FILTERS, named: [texas, east], ...extra };
}

describe('the current template is None, Custom or a named one', () => {
  it('None sets no filter', () => {
    expect(currentFilters(state())).toEqual(EMPTY_BOARD_FILTERS);
  });

  it('Custom sets the custom template’s filters', () => {
    const custom = { ...EMPTY_BOARD_FILTERS, brokers: [4], brokersExclude: true };
    expect(currentFilters(state({ current: CUSTOM_TEMPLATE, custom }))).toEqual(custom);
  });

  it('a named template sets its filters', () => {
    const picked = selectTemplate(state(), { kind: 'named', name: 'Texas vans' });
    expect(picked.current).toEqual({ kind: 'named', name: 'Texas vans' });
    expect(currentFilters(picked).pickupStates).toEqual(['TX']);
    expect(currentFilters(picked).miles).toBe(800);
  });

  it('a name that is not among the templates falls back to None', () => {
    expect(selectTemplate(state(), { kind: 'named', name: 'Gone' }).current).toEqual(NO_TEMPLATE);
  });

  it('picking another template keeps the Custom filters for later', () => {
    const custom = { ...EMPTY_BOARD_FILTERS, match: true, maxMiles: 150 };
    const picked = selectTemplate(state({ current: CUSTOM_TEMPLATE, custom }), {
      kind: 'named',
      name: 'East',
    });
    expect(currentFilters(selectTemplate(picked, CUSTOM_TEMPLATE))).toEqual(custom);
  });
});

describe('changing a filter with no template creates Custom', () => {
  it('becomes Custom with the change, and saves nothing to the profile', () => {
    const change = changeFilters(state(), { pickupStates: ['IL'] });
    expect(change.state.current).toEqual(CUSTOM_TEMPLATE);
    expect(change.state.custom).toEqual({ ...EMPTY_BOARD_FILTERS, pickupStates: ['IL'] });
    expect(change.save).toBeNull();
    expect(change.state.named).toEqual([texas, east]);
  });

  it('on Custom, changes Custom', () => {
    const first = changeFilters(state(), { pickupStates: ['IL'] }).state;
    const second = changeFilters(first, { miles: 500 });
    expect(second.state.custom).toEqual({ ...EMPTY_BOARD_FILTERS, pickupStates: ['IL'], miles: 500 });
    expect(second.save).toBeNull();
  });
});

describe('changing a filter on a named template updates that template and saves it', () => {
  it('updates the named template, keeps it current and gives the list to save', () => {
    const onTexas = selectTemplate(state(), { kind: 'named', name: 'Texas vans' });
    const change = changeFilters(onTexas, { deliveryStates: ['GA'] });
    expect(change.state.current).toEqual({ kind: 'named', name: 'Texas vans' });
    const updated = { ...texas, deliveryStates: ['GA'] };
    expect(change.state.named).toEqual([updated, east]);
    expect(change.save).toEqual([updated, east]);
    // Custom is not touched.
    expect(change.state.custom).toEqual(EMPTY_BOARD_FILTERS);
  });

  it('saves through profile filters update as a JSON string with the spec’s field names', () => {
    const change = changeFilters(selectTemplate(state(), { kind: 'named', name: 'East' }), { match: true });
    const saved = JSON.parse(serializeTemplates(change.save ?? [])) as unknown[];
    expect(saved[1]).toEqual({
      name: 'East',
      pickupStates: [],
      deliveryStates: ['NY', 'NJ'],
      vehicleTypes: [],
      vehiclesExclude: false,
      miles: null,
      maxMiles: null,
      brokers: [],
      brokersExclude: false,
      match: true,
    });
  });
});

describe('save as and delete', () => {
  it('save as stores the filters in force under the name and makes it current', () => {
    const custom = changeFilters(state(), { vehicleTypes: ['FLATBED'], vehiclesExclude: true }).state;
    const change = saveTemplateAs(custom, '  Flatbeds out ');
    expect(change.state.current).toEqual({ kind: 'named', name: 'Flatbeds out' });
    expect(change.save?.at(-1)).toEqual({
      ...EMPTY_BOARD_FILTERS,
      name: 'Flatbeds out',
      vehicleTypes: ['FLATBED'],
      vehiclesExclude: true,
    });
  });

  it('allows at most 50 templates: a 51st name is refused, saving over one of the 50 is not', () => {
    const fifty = Array.from({ length: 50 }, (_, index) => ({ ...EMPTY_BOARD_FILTERS, name: `T${index}` }));
    expect(templateNameProblem('New', fifty)).toBe('too_many');
    expect(templateNameProblem('t7', fifty)).toBeNull();
    expect(saveTemplateAs(state({ named: fifty }), 'New').save).toBeNull();
  });

  it('save as under a taken name, whatever its case, replaces that template', () => {
    const change = saveTemplateAs(changeFilters(state(), { miles: 300 }).state, 'EAST');
    expect(change.save).toHaveLength(2);
    expect(change.save?.[1]).toEqual({ ...EMPTY_BOARD_FILTERS, name: 'EAST', miles: 300 });
  });

  it('save as under the same name replaces that template', () => {
    const change = saveTemplateAs(changeFilters(state(), { miles: 300 }).state, 'East');
    expect(change.save).toHaveLength(2);
    expect(change.save?.[1]).toEqual({ ...EMPTY_BOARD_FILTERS, name: 'East', miles: 300 });
  });

  it('refuses an empty, a too long, or a None/Custom name and saves nothing', () => {
    expect(templateNameProblem('  ')).toBe('required');
    expect(templateNameProblem('x'.repeat(101))).toBe('too_long');
    expect(templateNameProblem('x'.repeat(100))).toBeNull();
    expect(templateNameProblem('custom')).toBe('reserved');
    expect(templateNameProblem('None')).toBe('reserved');
    expect(saveTemplateAs(state(), '').save).toBeNull();
  });

  it('deleting the current template goes back to None and saves the rest', () => {
    const onEast = selectTemplate(state(), { kind: 'named', name: 'East' });
    const change = deleteTemplate(onEast, 'East');
    expect(change.state.current).toEqual(NO_TEMPLATE);
    expect(change.save).toEqual([texas]);
  });

  it('deleting another template keeps the current one', () => {
    const onEast = selectTemplate(state(), { kind: 'named', name: 'East' });
    expect(deleteTemplate(onEast, 'Texas vans').state.current).toEqual({ kind: 'named', name: 'East' });
  });

  it('clearing the filters goes back to None', () => {
    const custom = changeFilters(state(), { miles: 300 }).state;
    expect(currentFilters(clearFilters(custom))).toEqual(EMPTY_BOARD_FILTERS);
  });
});

describe('what was stored', () => {
  it('reads filters_data_2 as a JSON string and skips what is not a template', () => {
    const text = JSON.stringify([
      {
        name: 'A',
        pickupStates: ['TX', 'tx', 5, 'ZZ'],
        vehicleTypes: ['van', 'SPACESHIP'],
        miles: '450',
        brokers: ['7', 8, -1],
        match: true,
      },
      { pickupStates: ['OH'] },
      'junk',
      { name: 'a', miles: 1 },
    ]);
    expect(parseTemplates(text)).toEqual([
      {
        ...EMPTY_BOARD_FILTERS,
        name: 'A',
        pickupStates: ['TX'],
        vehicleTypes: ['VAN'],
        miles: 450,
        brokers: [7, 8],
        match: true,
      },
    ]);
  });

  it('reads an unreadable filters_data_2 as no templates', () => {
    expect(parseTemplates('{not json')).toEqual([]);
    expect(parseTemplates(null)).toEqual([]);
    expect(parseTemplates('{"name":"A"}')).toEqual([]);
  });

  it('stores the current template as None, Custom or its name', () => {
    expect(storedCurrentTemplate(NO_TEMPLATE)).toBe('None');
    expect(storedCurrentTemplate(CUSTOM_TEMPLATE)).toBe('Custom');
    expect(storedCurrentTemplate({ kind: 'named', name: 'East' })).toBe('East');
    expect(parseCurrentTemplate('Custom', [east])).toEqual(CUSTOM_TEMPLATE);
    expect(parseCurrentTemplate('East', [east])).toEqual({ kind: 'named', name: 'East' });
    expect(parseCurrentTemplate('West', [east])).toEqual(NO_TEMPLATE);
  });

  it('counts the filters set', () => {
    expect(countBoardFilters(EMPTY_BOARD_FILTERS)).toBe(0);
    expect(countBoardFilters(texas)).toBe(3);
  });
});
