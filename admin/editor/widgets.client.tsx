"use client";

import { getDefaultRegistry } from "@rjsf/core";
import type { IconButtonProps, ObjectFieldTemplateProps, WidgetProps } from "@rjsf/utils";
import { ColourInput } from "./colour-input.client";
import { BlockListField } from "./block-list.client";
import { ImageField } from "./image-field.client";
import { OpeningHoursField } from "./opening-hours.client";
import { LinkWidget } from "./link-picker.client";
import { RichTextWidget } from "./rich-text.client";
import { LocationsWidget, LocationWidget, SiteChoicesWidget, SiteChoiceWidget } from "./location-widgets.client";
import { SelectWidget } from "./select-widget.client";
import { MakesWidget, MakeWidget } from "./make-widget.client";
import { DealershipWidget } from "./dealership-widget.client";
import { AddressField } from "./address-field.client";
import { CollapsibleItemTemplate, ListTemplate } from "./array-item.client";
import { errorMessages } from "./sections";
import styles from "../admin.module.css";

/** RJSF widget for a #rrggbb colour: picker and hex text. */
export function ColourWidget(props: WidgetProps) {
  const { id, value, label, onChange, disabled, readonly, schema } = props;
  return (
    <ColourInput
      id={id}
      label={label || schema.title || "Colour"}
      value={typeof value === "string" ? value : ""}
      onChange={(v) => onChange(v === "" ? undefined : v)}
      disabled={disabled || readonly}
      describedBy={`${id}__error ${id}__description`}
    />
  );
}

type ButtonProps = IconButtonProps & { className?: string };
/** RJSF's array buttons as words (the core theme draws them with an icon font this app does not load). */
function textButton(text: string, fallbackTitle: string) {
  return function TextButton(props: ButtonProps) {
    const { className, onClick, disabled, title, id, style } = props;
    return (
      <button type="button" id={id} style={style} className={`${styles.iconButton} ${className ?? ""}`} onClick={onClick} disabled={disabled} title={title ?? fallbackTitle}>
        {text}
      </button>
    );
  };
}

export const buttonTemplates = {
  AddButton: textButton("Add", "Add an item"),
  CopyButton: textButton("Copy", "Copy this item"),
  MoveDownButton: textButton("↓ Down", "Move down"),
  MoveUpButton: textButton("↑ Up", "Move up"),
  RemoveButton: textButton("Remove", "Remove this item"),
  ClearButton: textButton("Clear", "Clear"),
};

const DefaultObjectTemplate = getDefaultRegistry().templates.ObjectFieldTemplate;

/**
 * RJSF's group of fields, with the ones its ui-schema lists as `advanced` behind an "Advanced"
 * disclosure at the end (closed at first, open while one of them has an error).
 */
export function AdvancedObjectTemplate(props: ObjectFieldTemplateProps) {
  const advanced = (props.uiSchema?.["ui:options"] as { advanced?: string[] } | undefined)?.advanced;
  if (!advanced?.length) return <DefaultObjectTemplate {...props} />;
  const inside = props.properties.filter((p) => advanced.includes(p.name) && !p.hidden);
  if (!inside.length) return <DefaultObjectTemplate {...props} />;
  const errors = (props as { errorSchema?: Record<string, unknown> }).errorSchema ?? {};
  const open = inside.some((p) => errorMessages(errors[p.name]).length > 0);
  const disclosure = (
    <details key="__advanced" className={styles.advanced} open={open || undefined}>
      <summary>Advanced</summary>
      {inside.map((p) => p.content)}
    </details>
  );
  return <DefaultObjectTemplate {...props} properties={[...props.properties.filter((p) => !inside.includes(p)), { name: "__advanced", content: disclosure, hidden: false }]} />;
}

/** What the editor's forms are built with: the custom fields, widgets and templates. */
export const editorFields = { blockList: BlockListField, image: ImageField, openingHours: OpeningHoursField, address: AddressField };
export const editorWidgets = {
  colour: ColourWidget, link: LinkWidget, richText: RichTextWidget, location: LocationWidget, locations: LocationsWidget,
  choice: SiteChoiceWidget, choices: SiteChoicesWidget, make: MakeWidget, makes: MakesWidget, dealership: DealershipWidget, SelectWidget,
};
// List items (a menu item, a location) are one line each until opened (array-item.client.tsx).
export const editorTemplates = {
  ButtonTemplates: buttonTemplates,
  ObjectFieldTemplate: AdvancedObjectTemplate,
  ArrayFieldTemplate: ListTemplate,
  ArrayFieldItemTemplate: CollapsibleItemTemplate,
};
