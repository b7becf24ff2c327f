import { expect, test } from "./fixtures";

test("an unknown route answers 404 with the not-found page (pt)", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voltar ao início" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Ir para o painel" })).toHaveAttribute("href", "/dashboard");
});
