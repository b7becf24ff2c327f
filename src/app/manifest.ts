import type { MetadataRoute } from "next";
import { paths } from "@/lib/paths";

/** Makes Aula installable; the sidebar's "Desktop App" entry appears when the browser offers it. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Aula",
    short_name: "Aula",
    description: "AI-made courses from any topic",
    start_url: paths.dashboard(),
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#4f46e5",
    icons: [{ src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
  };
}
