/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The report as a PDF (A4 portrait), drawn with @react-pdf/renderer from the report model: text,
 * tables and vector charts drawn from the data (never screenshots), in black and white (quality as
 * hatching, series as dash patterns). Rendered in Node — by the app's main process and by the CLI with
 * the same code — so both write the same file. Pages are numbered; a table of contents gets each
 * section's page from a first layout pass (renderReport).
 */
import { Document, Page, Text, View, renderToBuffer } from '@react-pdf/renderer';
import type { ReportModel } from './model';
import { WORDS, type Words } from './words';
import { fmt, st } from './document/kit';
import { CompactMeter, MeterSections } from './document/meter';
import { CommunityPage, SummaryPage } from './document/pages';
import { PvPage } from './document/pv-page';

function ReportDocument({
  model,
  pages,
  toc,
  frontOnly = false,
}: {
  model: ReportModel;
  pages: Map<string, number>;
  toc: Map<string, number> | null;
  /** Only the summary pages (to count them: a compact report's meter pages follow, one each). */
  frontOnly?: boolean;
}) {
  const w = WORDS[model.request.lang] as Words;
  const f = fmt(model.request.lang);
  const logo = model.request.consultant?.logoPng ?? null;
  const footer = `${w.title} · ${model.scopeName} · ${model.request.periodLabel}`;
  const multi = model.meters.length > 1;
  const pageFooter = (
    <View style={st.footer} fixed>
      <Text
        render={({ pageNumber, totalPages }) => `${footer} · ${w.page} ${pageNumber} ${w.of} ${totalPages}`}
      />
    </View>
  );
  return (
    <Document
      title={`${w.title} – ${model.scopeName} – ${model.request.periodLabel}`}
      author={model.request.consultant?.name ?? 'Meterdesk'}
      creator="Meterdesk"
      producer="Meterdesk"
      language={model.request.lang === 'de' ? 'de-AT' : 'en-GB'}
      creationDate={new Date(model.generatedSec * 1000)}
      modificationDate={new Date(model.generatedSec * 1000)}
    >
      {multi ? (
        <>
          <Page size="A4" style={st.page}>
            <SummaryPage model={model} f={f} w={w} pages={toc} logo={logo} />
            {pageFooter}
          </Page>
          {/* A page (or more) per meter: each wraps on its own, so layout time grows with the meters. */}
          {!frontOnly &&
            !model.appendix &&
            model.meters.map((m, i) =>
              model.compact ? (
                <Page key={m.meter.id} size="A4" style={st.page} wrap={false}>
                  <CompactMeter m={m} f={f} w={w} model={model} />
                  {pageFooter}
                </Page>
              ) : (
                <Page key={m.meter.id} size="A4" style={st.page}>
                  <MeterSections m={m} model={model} f={f} w={w} pages={pages} idx={i} />
                  {pageFooter}
                </Page>
              ),
            )}
          {!frontOnly &&
            model.pvSites.map((s, i) => (
              <Page key={`pv-${i}`} size="A4" style={st.page}>
                <PvPage s={s} idx={i} model={model} f={f} w={w} pages={pages} />
                {pageFooter}
              </Page>
            ))}
          {!frontOnly && model.community && (
            <Page size="A4" style={st.page}>
              <CommunityPage c={model.community} f={f} w={w} pages={pages} />
              {pageFooter}
            </Page>
          )}
        </>
      ) : (
        <Page size="A4" style={st.page}>
          <SummaryPage model={model} f={f} w={w} pages={toc} logo={logo} />
          {model.meters.map((m, i) => (
            <MeterSections key={m.meter.id} m={m} model={model} f={f} w={w} pages={pages} idx={i} />
          ))}
          {model.pvSites.map((s, i) => (
            <PvPage key={`pv-${i}`} s={s} idx={i} model={model} f={f} w={w} pages={pages} />
          ))}
          {model.community && <CommunityPage c={model.community} f={f} w={w} pages={pages} />}
          {pageFooter}
        </Page>
      )}
    </Document>
  );
}

/**
 * The PDF of a report model. Two layout passes: the first finds each section's page, the second prints
 * the table of contents with them — the same entries in both (only the numbers differ), so no page
 * moves between the passes.
 */
export async function renderReport(model: ReportModel): Promise<Buffer> {
  // The summary report of a large customer: its table wraps over pages, no page numbers to find.
  if (model.appendix)
    return renderToBuffer(<ReportDocument model={model} pages={new Map()} toc={new Map()} />);
  if (model.compact) {
    // One page per meter: only the summary's length is unknown, so the first pass lays out the summary
    // alone (a 50-meter customer renders once, not twice).
    const front = await renderToBuffer(
      <ReportDocument model={model} pages={new Map()} toc={new Map()} frontOnly />,
    );
    const frontPages = pageCount(front);
    const toc = new Map(model.meters.map((_, i) => [`${i}-meter`, frontPages + i + 1] as [string, number]));
    return renderToBuffer(<ReportDocument model={model} pages={new Map()} toc={toc} />);
  }
  const first = new Map<string, number>();
  await renderToBuffer(<ReportDocument model={model} pages={first} toc={new Map()} />);
  const pages = new Map<string, number>();
  return renderToBuffer(<ReportDocument model={model} pages={pages} toc={first} />);
}

/** Pages of a PDF this module wrote (its page objects). */
export function pageCount(pdf: Buffer | Uint8Array): number {
  return (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type\s*\/Page[^s]/g) ?? []
  ).length;
}
