import { ViewerSkeleton } from "@/features/learning/components/viewer-skeleton";

export default function Loading() {
  return <ViewerSkeleton />;
}
