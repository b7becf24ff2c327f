import { robotsRules } from "@/features/site/server";

// APP_URL is a run-time setting, not a build-time one.
export const dynamic = "force-dynamic";

export default robotsRules;
