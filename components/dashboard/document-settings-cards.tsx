import { Card } from "@/components/ui/card";
import type { DocumentPageData } from "@/lib/dashboard/document-page-data";
import { DeleteDocumentButton } from "./delete-document-button";
import { DocumentSettingsForm } from "./document-settings-form";

/** The document's settings form, then its deletion. */
export function DocumentSettingsCards({ doc, settings }: Pick<DocumentPageData, "doc" | "settings">) {
  return (
    <>
      <Card title="Settings" className="mb-6">
        <DocumentSettingsForm
          code={doc.code}
          title={doc.title}
          pageCount={doc.pageCount}
          passwordSet={settings.password}
          values={settings}
        />
      </Card>
      <Card title="Danger zone">
        <DeleteDocumentButton code={doc.code} title={doc.title} />
      </Card>
    </>
  );
}
