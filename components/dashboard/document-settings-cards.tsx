import { Card } from "@/components/ui/card";
import type { DocumentPageData } from "@/lib/dashboard/document-page-data";
import { DeleteDocumentButton } from "./delete-document-button";
import { DocumentSettingsForm } from "./document-settings-form";

/** The document's settings form, then its deletion for whoever may delete it (a member: what they uploaded). */
export function DocumentSettingsCards({ doc, settings, deletable }: Pick<DocumentPageData, "doc" | "settings"> & { deletable: boolean }) {
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
      {deletable && (
        <Card title="Danger zone">
          <DeleteDocumentButton code={doc.code} title={doc.title} />
        </Card>
      )}
    </>
  );
}
