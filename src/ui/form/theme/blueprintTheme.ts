import type { ThemeProps } from '@rjsf/core';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import { defaultEntries, unknownEntry } from '../../registry/defaultEntries';
import type { RegistryEntry } from '../../registry/fieldRegistry';
import { BlueprintArrayFieldTemplate } from './BlueprintArrayFieldTemplate';
import { BlueprintBaseInputTemplate } from './BlueprintBaseInputTemplate';
import { blueprintButtonTemplates } from './BlueprintButtonTemplates';
import { BlueprintCheckboxesWidget } from './BlueprintCheckboxesWidget';
import { BlueprintPasswordWidget } from './BlueprintPasswordWidget';
import { BlueprintFieldTemplate } from './BlueprintFieldTemplate';
import { BlueprintObjectFieldTemplate } from './BlueprintObjectFieldTemplate';

/** RJSF's own widget names mapped to our registry entries, so a plain schema picks Blueprint widgets. */
const RJSF_NAMES: Record<string, string> = {
  TextWidget: 'text',
  TextareaWidget: 'textarea',
  SelectWidget: 'select',
  CheckboxWidget: 'checkbox',
  DateWidget: 'date',
  UpDownWidget: 'number',
};

function widgetsOf(entries: readonly RegistryEntry[], pick: (e: RegistryEntry) => ComponentType<WidgetProps>): RegistryWidgetsType {
  const widgets: RegistryWidgetsType = {};
  for (const e of [...entries, unknownEntry]) for (const n of [e.name, ...(e.aliases ?? [])]) widgets[n] = pick(e);
  for (const [rjsfName, name] of Object.entries(RJSF_NAMES)) widgets[rjsfName] = widgets[name]!;
  // Plain forms' widgets the product record has no field for (the Admin Portal's password, permissions).
  widgets.PasswordWidget = widgets.password = BlueprintPasswordWidget;
  widgets.CheckboxesWidget = widgets.checkboxes = BlueprintCheckboxesWidget;
  return widgets;
}

/**
 * The registry as an RJSF 6 theme (`withTheme(blueprintTheme)`): the same widgets by name
 * (`ui:widget: "chips"`, `"date"`, ...), password and checkboxes for plain forms, and Blueprint
 * templates and buttons. `readTheme` swaps in the read components for a read-only RJSF form. The
 * Admin Portal's forms are drawn with it.
 */
export function createBlueprintTheme(entries: readonly RegistryEntry[] = defaultEntries, mode: 'edit' | 'read' = 'edit'): ThemeProps {
  return {
    widgets: widgetsOf(entries, (e) => (mode === 'read' ? e.read : e.edit)),
    templates: {
      FieldTemplate: BlueprintFieldTemplate,
      ObjectFieldTemplate: BlueprintObjectFieldTemplate,
      ArrayFieldTemplate: BlueprintArrayFieldTemplate,
      BaseInputTemplate: BlueprintBaseInputTemplate,
      ButtonTemplates: blueprintButtonTemplates,
    },
    fields: {},
  };
}

export const blueprintTheme: ThemeProps = createBlueprintTheme();
export const blueprintReadTheme: ThemeProps = createBlueprintTheme(defaultEntries, 'read');
