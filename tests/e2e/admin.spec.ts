import type { APIRequestContext, Page } from "@playwright/test";
import { createCourseViaApi } from "./courses";
import {
  ADMIN,
  BASE_URL,
  expect,
  LOCALES,
  signInViaApi,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
  useLocale,
  waitForHydration,
  type Locale,
} from "./fixtures";

/**
 * The admin panel as the Super admin uses it, in both UI languages: the dashboard's figures and
 * charts, search in the lists (empty results included), promote and remove an admin, a policy,
 * a blog post with a cover, a contact reply, and the activity log listing all of it.
 * Revenue and contacts come from rows scripts/e2e-server.mjs seeds (seedAdminPanelData).
 */

const copy = {
  pt: {
    cards: { users: "Usuários", courses: "Cursos", recurring: "Receita recorrente", total: "Receita total" },
    charts: {
      users: "Usuários grátis e pagantes",
      courses: "Cursos de texto e de vídeo",
      free: "Grátis",
      paid: "Pagantes",
      text: "Texto e imagem",
      video: "Vídeo e texto",
    },
    search: "Buscar",
    empty: {
      users: "Nenhum usuário corresponde aos critérios de busca",
      courses: "Nenhum curso corresponde aos critérios de busca",
      contacts: "Nenhum contato corresponde aos critérios de busca",
      blogs: "Nenhum blog corresponde aos critérios de busca",
    },
    makeAdmin: "Tornar admin",
    removeAdmin: "Remover admin",
    confirm: "Confirmar",
    promoted: "Administrador adicionado",
    removed: "Administrador removido",
    superBadge: "Super (não pode ser removido)",
    granted: "Concedido pelo admin",
    reply: "Responder",
    markHandled: "Marcar como atendido",
    handled: "Atendido",
    markedHandled: "Marcado como atendido",
    policyLanguage: "Português",
    policySave: "Salvar",
    policySaved: "Política salva",
    blog: {
      title: "Título",
      excerpt: "Resumo",
      category: "Categoria",
      categoryValue: "Educação",
      tags: "Tags",
      cover: "Imagem de capa",
      preview: "Prévia da capa",
      publish: "Publicar",
      created: "Post publicado",
      featured: "Destaque",
      popular: "Popular",
      flagged: "Salvo",
      delete: "Excluir",
      deleted: "Post excluído",
    },
    actions: [
      "Tornou admin",
      "Removeu admin",
      "Salvou política",
      "Criou post",
      "Marcou post",
      "Excluiu post",
      "Atendeu contato",
    ],
    refusedRemoval: "Recusada: o Super administrador não pode ser removido",
    // Stored as "billing"; the list and the reply's subject word it as the contact form does.
    contact: { name: "Carla Contato", email: "carla@e2e.test", subject: "Cobrança" },
  },
  en: {
    cards: { users: "Users", courses: "Courses", recurring: "Recurring Revenue", total: "Total Revenue" },
    charts: {
      users: "Free vs Paid users",
      courses: "Text vs Video courses",
      free: "Free",
      paid: "Paid",
      text: "Text & Image",
      video: "Video & Text",
    },
    search: "Search",
    empty: {
      users: "No users match your search criteria",
      courses: "No courses match your search criteria",
      contacts: "No contacts match your search criteria",
      blogs: "No blogs match your search criteria",
    },
    makeAdmin: "Make admin",
    removeAdmin: "Remove admin",
    confirm: "Confirm",
    promoted: "Admin added",
    removed: "Admin removed",
    superBadge: "Super (cannot be removed)",
    granted: "Granted by admin",
    reply: "Reply",
    markHandled: "Mark as handled",
    handled: "Handled",
    markedHandled: "Marked as handled",
    policyLanguage: "English",
    policySave: "Save",
    policySaved: "Policy saved",
    blog: {
      title: "Title",
      excerpt: "Excerpt",
      category: "Category",
      categoryValue: "Education",
      tags: "Tags",
      cover: "Cover image",
      preview: "Cover preview",
      publish: "Publish",
      created: "Post published",
      featured: "Featured",
      popular: "Popular",
      flagged: "Saved",
      delete: "Delete",
      deleted: "Post deleted",
    },
    actions: [
      "Made admin",
      "Removed admin",
      "Saved policy",
      "Created post",
      "Flagged post",
      "Deleted post",
      "Handled contact",
    ],
    refusedRemoval: "Refused: the Super admin cannot be removed",
    contact: { name: "Hugo Help", email: "hugo@e2e.test", subject: "Support" },
  },
} as const;

/** A 1×1 PNG: a real image by its bytes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const money = (locale: Locale, amount: number) =>
  new Intl.NumberFormat(locale === "pt" ? "pt-BR" : "en-US", { style: "currency", currency: "USD" }).format(amount);
const count = (locale: Locale, n: number) => new Intl.NumberFormat(locale === "pt" ? "pt-BR" : "en-US").format(n);

/** Searches a list as a user does: the box, then Enter; done when the URL carries the search. */
async function search(page: Page, locale: Locale, q: string) {
  const box = page.getByRole("searchbox", { name: copy[locale].search });
  await box.fill(q);
  await box.press("Enter");
  const expected = new URLSearchParams({ q }).toString();
  await expect.poll(() => new URL(page.url()).search).toContain(expected);
}

/** Ticks a post's flag and waits until the server has it. */
async function tick(page: Page, checkbox: ReturnType<Page["getByRole"]>) {
  await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/updateblogs") && r.ok()), checkbox.check()]);
}

async function signUp(request: APIRequestContext, name: string) {
  const email = uniqueEmail("admin-e2e");
  const res = await request.post("/api/signup", {
    data: { email, mName: name, password: "e2e-password-1", type: "free" },
  });
  expect(res.status()).toBe(201);
  return email;
}

for (const locale of LOCALES) {
  test(`the admin runs the panel (${locale})`, async ({ page, request, browser }) => {
    test.setTimeout(180_000);
    const c = copy[locale];
    await useLocale(page, locale);
    await signInViaApi(page, ADMIN);
    const before = await (await page.request.post("/api/dashboard")).json();

    // A learner signs up and makes a course (through the fake model): the figures count them.
    const learnerContext = await browser.newContext({ baseURL: BASE_URL });
    const learner = await learnerContext.newPage();
    await signUpViaApi(learner, "Figure Learner");
    await createCourseViaApi(learner, `Figures ${locale}`);
    await learnerContext.close();

    // Dashboard: the cards say what the aggregate call says, formatted in the UI language.
    const figures = await (await page.request.post("/api/dashboard")).json();
    expect(figures.users).toBeGreaterThanOrEqual(before.users + 1);
    expect(figures.courses).toBeGreaterThanOrEqual(before.courses + 1);
    expect(figures.sum.USD).toBeGreaterThanOrEqual(55); // 47 a month + 96 a year / 12, seeded
    expect(figures.total.USD).toBeGreaterThanOrEqual(136); // 47 - 7 refunded + 96, seeded
    await page.goto("/admin");
    await expect(page.getByRole("region", { name: c.cards.users })).toContainText(count(locale, figures.users));
    await expect(page.getByRole("region", { name: c.cards.courses })).toContainText(count(locale, figures.courses));
    await expect(page.getByRole("region", { name: c.cards.recurring })).toContainText(money(locale, figures.sum.USD));
    await expect(page.getByRole("region", { name: c.cards.total })).toContainText(money(locale, figures.total.USD));
    const usersChart = page.getByRole("figure", { name: c.charts.users });
    await expect(usersChart.getByRole("listitem")).toHaveText([
      new RegExp(`^${c.charts.free}: ${count(locale, figures.free)} \\(\\d+%\\)$`),
      new RegExp(`^${c.charts.paid}: ${count(locale, figures.paid)} \\(\\d+%\\)$`),
    ]);
    const coursesChart = page.getByRole("figure", { name: c.charts.courses });
    await expect(coursesChart.getByRole("listitem")).toHaveText([
      new RegExp(`^${c.charts.text}: ${count(locale, figures.courses - figures.videoType)} \\(\\d+%\\)$`),
      new RegExp(`^${c.charts.video}: ${count(locale, figures.videoType)} \\(\\d+%\\)$`),
    ]);

    // Empty searches say so, in every list that has them.
    for (const [path, message] of [
      ["/admin/users", c.empty.users],
      ["/admin/courses", c.empty.courses],
      ["/admin/contacts", c.empty.contacts],
      ["/admin/blogs", c.empty.blogs],
    ] as const) {
      await page.goto(path);
      await search(page, locale, "  zz-nothing-matches-this  ");
      await expect(page.getByText(message)).toBeVisible();
    }

    // Paid Users lists the seeded buyers with their provider.
    await page.goto("/admin/paid-users");
    await search(page, locale, "buyer-yearly@e2e.test");
    await expect(page.getByRole("row").filter({ hasText: "buyer-yearly@e2e.test" })).toContainText("stripe");

    // Promote a user (confirmed), who then shows as admin-granted; the Super admin has no remove action.
    const name = `Promovida ${locale}`;
    const email = await signUp(request, name);
    await page.goto("/admin/users");
    await search(page, locale, email.toUpperCase());
    const makeAdmin = page.getByRole("button", { name: `${c.makeAdmin}: ${email}` });
    await waitForHydration(makeAdmin);
    await makeAdmin.click();
    await page.getByRole("alertdialog").getByRole("button", { name: c.confirm }).click();
    await expect(toast(page, c.promoted)).toBeVisible();
    await expect(makeAdmin).toHaveCount(0);

    await page.goto(`/admin/paid-users?q=${encodeURIComponent(email)}`);
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText(c.granted);

    await page.goto("/admin/admins");
    await expect(page.getByRole("row").filter({ hasText: ADMIN.email })).toContainText(c.superBadge);
    await expect(page.getByRole("button", { name: `${c.removeAdmin}: ${ADMIN.email}` })).toHaveCount(0);
    const remove = page.getByRole("button", { name: `${c.removeAdmin}: ${email}` });
    await waitForHydration(remove);
    await remove.click();
    await page.getByRole("alertdialog").getByRole("button", { name: c.confirm }).click();
    await expect(toast(page, c.removed)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

    // A policy, saved in the chosen language, is what the server then serves.
    const policyText = `Termos de teste ${locale} ${Date.now()}`;
    await page.goto("/admin/terms");
    const policyLanguage = page.getByRole("radio", { name: c.policyLanguage });
    await waitForHydration(policyLanguage);
    await policyLanguage.check();
    const editor = page.getByTestId("policy-editor");
    await waitForHydration(editor);
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(policyText);
    await page.getByRole("button", { name: c.policySave, exact: true }).click();
    await expect(toast(page, c.policySaved)).toBeVisible();
    const saved = await (await page.request.post("/api/dashboard")).json();
    expect(saved.admin.terms).toContain(policyText);
    await page.reload();
    await expect(page.getByTestId("policy-editor")).toContainText(policyText);
    // The public page shows the saved text at once.
    await page.goto("/terms");
    await expect(page.getByText(policyText)).toBeVisible();

    // A blog post with a cover: published, flagged featured and popular, then deleted (confirmed).
    const title = `Post ${locale} ${Date.now()}`;
    await page.goto("/admin/create-blog");
    // Typed before React owns the form, a controlled field's text would not reach its state.
    const blogTitle = page.getByLabel(c.blog.title, { exact: true });
    await waitForHydration(blogTitle);
    await blogTitle.fill(title);
    await page.getByLabel(c.blog.excerpt, { exact: true }).fill("Um resumo curto.");
    await page.getByLabel(c.blog.category, { exact: true }).selectOption({ label: c.blog.categoryValue });
    const blogEditor = page.getByTestId("blog-editor");
    await waitForHydration(blogEditor);
    await blogEditor.click();
    await page.keyboard.type("Conteúdo do post.");
    await page.getByLabel(c.blog.tags, { exact: true }).fill("ia, cursos");
    await page
      .getByLabel(c.blog.cover, { exact: true })
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByRole("img", { name: c.blog.preview })).toBeVisible();
    await page.getByRole("button", { name: c.blog.publish }).click();
    await expect(toast(page, c.blog.created)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/blogs$/);

    await search(page, locale, title);
    const row = page.getByRole("row").filter({ hasText: title });
    const featured = row.getByRole("checkbox", { name: `${c.blog.featured}: ${title}` });
    await waitForHydration(featured);
    await tick(page, featured);
    await expect(toast(page, c.blog.flagged)).toBeVisible();
    await tick(page, row.getByRole("checkbox", { name: `${c.blog.popular}: ${title}` }));
    await page.reload();
    await expect(page.getByRole("checkbox", { name: `${c.blog.featured}: ${title}` })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: `${c.blog.popular}: ${title}` })).toBeChecked();
    // Published at once on the public blog: the featured post and among the popular posts.
    await page.goto("/blog");
    await expect(page.getByTestId("featured-post")).toContainText(title);
    await expect(page.getByTestId("popular-posts")).toContainText(title);
    await page.goBack();
    const del = page.getByRole("button", { name: `${c.blog.delete}: ${title}` });
    await waitForHydration(del);
    await del.click();
    await page.getByRole("alertdialog").getByRole("button", { name: c.confirm }).click();
    await expect(toast(page, c.blog.deleted)).toBeVisible();
    await expect(page.getByText(c.empty.blogs)).toBeVisible();

    // A contact: reply by mail with the subject filled in, then mark it handled.
    await page.goto("/admin/contacts");
    await search(page, locale, c.contact.name);
    const contact = page.getByRole("row").filter({ hasText: c.contact.email });
    await expect(contact.getByRole("link", { name: `${c.reply}: ${c.contact.email}` })).toHaveAttribute(
      "href",
      `mailto:${c.contact.email}?subject=${encodeURIComponent(`Re: ${c.contact.subject}`)}`,
    );
    const handle = contact.getByRole("button", { name: `${c.markHandled}: ${c.contact.email}` });
    await waitForHydration(handle);
    await handle.click();
    await expect(toast(page, c.markedHandled)).toBeVisible();
    await expect(contact).toContainText(c.handled);
    await expect(contact.getByRole("cell", { name: c.contact.subject, exact: true })).toBeVisible();

    // The activity log lists every one of those actions, and finds them by target.
    await page.goto("/admin/activity");
    for (const action of c.actions)
      await expect(page.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
    await search(page, locale, email);
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(2);

    // A refused action is listed too, marked, with its reason in the UI language.
    expect((await page.request.post("/api/removeadmin", { data: { email: ADMIN.email } })).status()).toBe(403);
    await search(page, locale, ADMIN.email);
    const refusedRow = page.getByRole("row").filter({ hasText: c.refusedRemoval }).first();
    await expect(refusedRow).toBeVisible();
    await expect(refusedRow.getByRole("cell").nth(2)).toContainText(c.actions[1]);
  });
}

test("admin pages and routes refuse a user and a visitor", async ({ page, request }) => {
  const paths = [
    "/admin",
    "/admin/users",
    "/admin/paid-users",
    "/admin/activity",
    "/admin/terms",
    "/admin/create-blog",
    "/admin/blogs",
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login/);
  }
  await signUp(page.request, "Plain User");
  for (const path of paths) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  expect((await page.request.get("/api/getusers")).status()).toBe(403);
  const asUser = await page.request.post("/api/dashboard");
  expect(asUser.status()).toBe(403);
  expect(await asUser.text()).not.toContain(ADMIN.email);
  expect((await request.get("/api/getusers")).status()).toBe(401);
});
