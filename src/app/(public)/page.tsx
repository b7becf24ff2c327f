import { Hero } from "@/components/landing/hero";
import { LandingHeader } from "@/components/landing/landing-header";

export default function LandingPage() {
  return (
    <>
      <LandingHeader />
      <main id="main">
        <Hero />
      </main>
    </>
  );
}
