// turndown-plugin-gfm ships no types: the one export Aula uses (tables, strikethrough, task lists).
declare module "turndown-plugin-gfm" {
  import type TurndownService from "turndown";
  export const gfm: TurndownService.Plugin;
}
