import { siteMap } from "@/features/site/server";

// Read at request time: posts come and go without a rebuild, and the build has no database to read.
export const dynamic = "force-dynamic";

export default siteMap;
