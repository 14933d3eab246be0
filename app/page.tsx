import Link from "next/link";

export default function HomePage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-6 px-6 py-16">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Pagewise</p>
      <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
        Share a PDF behind a link. See who read what, page by page.
      </h1>
      <p className="text-lg text-slate-600">
        Upload a document, gate it with an email or a password, and get leads, reading analytics and
        signed webhooks, on your own server.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link
          href="/docs/api"
          className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-700"
        >
          API reference
        </Link>
        <a
          href="/api/health"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-700 hover:bg-slate-100"
        >
          Service health
        </a>
      </div>
    </main>
  );
}
