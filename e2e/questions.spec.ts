import { expect, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { shotsAndAxe } from "../test/support/playwright/screens";
import { signedIn } from "../test/support/playwright/sign-in";
import { type DocumentBody, uploadOk } from "../test/support/playwright/upload";

/**
 * Questions and answers in the browser (issue 44): a reader passes the gate and asks from the
 * viewer about the page they are on; the owner answers from the Questions inbox to the asker and
 * rewords the answer (its first wording kept); the reader, reloading, reads it under their question.
 */
test.describe.configure({ mode: "serial", timeout: 60_000 });

let owner: Account;
let doc: DocumentBody;

test.beforeAll(async ({ request }) => {
  owner = await newAccount("questions");
  doc = await uploadOk(request, owner, { pages: 2, fields: { gate_type: "full", title: `Lease ${Date.now()}` } });
});

test("a reader asks from the viewer, the owner answers from the inbox and rewords the answer, the reader sees it on reload", async ({
  browser,
  page,
}) => {
  await page.goto(`/s/${doc.short_code.slice(2)}`);
  await page.getByLabel("Email").fill("reader@initech.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Ask a question" }).click();
  await page.getByLabel("Your question about this document").fill("Does the lease run past 2030?");
  await expect(page.getByLabel("About page 1")).toBeChecked();
  await page.getByRole("button", { name: "Send question" }).click();
  await expect(page.getByRole("status")).toContainText("Sent.");
  await expect(page.getByTestId("reader-question")).toContainText("Not answered yet.");

  const ownerPage = await signedIn(browser, owner);
  await ownerPage.goto("/questions");
  const question = ownerPage.getByTestId("inbox-question").filter({ hasText: "Does the lease run past 2030?" });
  await expect(question).toContainText("reader@initech.com");
  await question.getByLabel("Your answer").fill("Yes, until 2031: see page 2.");
  await question.getByRole("radio", { name: "Only the asker" }).check();
  await question.getByRole("button", { name: "Send answer" }).click();
  await expect(question.getByRole("status")).toContainText("Answer sent.");
  await expect(question.getByLabel("Your answer")).toHaveValue("");
  const answers = question.getByRole("list", { name: "Answers" });
  await expect(answers).toContainText("Yes, until 2031: see page 2.");
  await answers.getByRole("button", { name: "Edit" }).click();
  await answers.getByLabel("The answer's new wording").fill("Yes, until 2031: see page 2 and schedule B.");
  await answers.getByRole("button", { name: "Save answer" }).click();
  await expect(answers.getByText("Yes, until 2031: see page 2 and schedule B.")).toBeVisible();
  await answers.getByText("the earlier wording").click();
  await expect(answers.getByRole("listitem").filter({ hasText: "Yes, until 2031: see page 2." }).last()).toBeVisible();
  await answers.getByRole("button", { name: "Edit" }).click();
  await shotsAndAxe(ownerPage, "questions-inbox-editing");
  await answers.getByRole("button", { name: "Cancel" }).click();
  await question.getByRole("button", { name: "Close question" }).click();
  await expect(question.getByText("Closed", { exact: true })).toBeVisible();

  await page.reload();
  await page.getByRole("button", { name: "Ask a question" }).click();
  await expect(page.getByTestId("reader-question")).toContainText("Yes, until 2031: see page 2 and schedule B.");
});
