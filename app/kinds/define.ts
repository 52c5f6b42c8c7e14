import type { ReactNode } from 'react';
import type { AppLoadContext, MetaDescriptor } from 'react-router';
import type { ResourceColumn } from '../components/admin/resource-list.tsx';
import type { RootData } from '../lib/root-data.ts';

/** What a preview page shows of any kind: the page it previews (laid out as that page) and the template's data. */
export interface PreviewData {
  kind: string;
  /** the public address of the page the preview stands for */
  previewOf: string;
}

/**
 * A kind's public template as the preview page uses it (ADR 024): its meta and its view, given the
 * data its server half loaded (`AppKindLoader`).
 */
export interface AppKindTemplate<D extends PreviewData = PreviewData> {
  meta(d: D, root: RootData | undefined): MetaDescriptor[];
  View(props: { d: D }): ReactNode;
}

/** One column of a kind's admin list, as the one admin list (ResourceList) takes it. */
export type AppKindColumn<Row> = ResourceColumn<Row>;

/**
 * The app half of a versioned kind (ADR 037): its public template (the preview page renders it) and
 * the columns of its admin list. Its preview loader is the server-only part (app/kinds/<kind>.server.ts).
 */
export interface AppKind<D extends PreviewData = PreviewData, Row = never> {
  name: string;
  template: AppKindTemplate<D>;
  columns?: readonly AppKindColumn<Row>[];
}

/** The server half of a kind's preview: the stored preview's DTO made into its template's data. */
export interface AppKindPreviewLoader<D extends PreviewData = PreviewData> {
  name: string;
  load(context: AppLoadContext, page: Record<string, unknown>): Promise<D>;
}

/** Declares an app half, keeping its data's type for its own template. */
export function defineAppKind<D extends PreviewData, Row = never>(kind: AppKind<D, Row>): AppKind {
  return kind as unknown as AppKind;
}
