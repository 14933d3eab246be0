import { UnavailableDocument } from "@/components/viewer/unavailable-document";

export default function DocumentNotFound() {
  return (
    <UnavailableDocument
      title="This link doesn't lead anywhere"
      message="Check the address, or ask the person who shared it for a new link."
    />
  );
}
