import type { Locale } from "./fixtures";

/** The public site's texts as a visitor reads them, written out (not read from the catalogs). */
export const siteCopy: Record<
  Locale,
  {
    sections: { features: string; howItWorks: string; testimonials: string; pricing: string; cta: string };
    testimonialsNote: string;
    openMenu: string;
    footer: Record<"about" | "blog" | "contact" | "privacy" | "terms" | "cancel" | "refund" | "billing", string>;
    about: { title: string; getStarted: string; contactUs: string };
    policyTitles: Record<
      "privacy-policy" | "terms" | "cancellation-policy" | "refund-policy" | "subscription-billing-policy",
      string
    >;
    policyContact: string;
    backHome: string;
    noRefund: string;
    contact: {
      title: string;
      name: string;
      email: string;
      subject: string;
      message: string;
      send: string;
      errors: { name: string; email: string; emailInvalid: string; subject: string; message: string };
      subjectOption: string;
      successTitle: string;
      successText: string;
      again: string;
      faq: string;
    };
    blog: {
      latest: string;
      popular: string;
      readMore: string;
      featured: string;
      back: string;
      notFound: string;
      notFoundText: string;
      firstPost: string;
    };
  }
> = {
  pt: {
    sections: {
      features: "Tudo o que você precisa para aprender um tema",
      howItWorks: "Como funciona",
      testimonials: "O que estudantes poderiam dizer",
      pricing: "Preços simples",
      cta: "Pronto para aprender algo novo?",
    },
    testimonialsNote: "Exemplos ilustrativos, não depoimentos de clientes reais.",
    openMenu: "Abrir menu",
    footer: {
      about: "Sobre",
      blog: "Blog",
      contact: "Contato",
      privacy: "Política de Privacidade",
      terms: "Termos de Serviço",
      cancel: "Política de Cancelamento",
      refund: "Política de Reembolso",
      billing: "Política de Assinatura e Cobrança",
    },
    about: { title: "Sobre a Aula", getStarted: "Começar", contactUs: "Fale conosco" },
    policyTitles: {
      "privacy-policy": "Política de Privacidade",
      terms: "Termos de Serviço",
      "cancellation-policy": "Política de Cancelamento",
      "refund-policy": "Política de Reembolso",
      "subscription-billing-policy": "Política de Assinatura e Cobrança",
    },
    policyContact: "Fale conosco",
    backHome: "Voltar ao início",
    noRefund: "não são reembolsados",
    contact: {
      title: "Fale conosco",
      name: "Nome",
      email: "E-mail",
      subject: "Assunto",
      message: "Mensagem",
      send: "Enviar mensagem",
      errors: {
        name: "Informe seu nome",
        email: "Informe seu e-mail",
        emailInvalid: "Informe um e-mail válido",
        subject: "Escolha um assunto",
        message: "Escreva uma mensagem",
      },
      subjectOption: "Suporte",
      successTitle: "Mensagem enviada",
      successText: "Obrigado pelo contato. Recebemos sua mensagem e responderemos o mais breve possível.",
      again: "Enviar outra mensagem",
      faq: "Perguntas frequentes",
    },
    blog: {
      latest: "Artigos recentes",
      popular: "Posts populares",
      readMore: "Leia mais",
      featured: "Destaque",
      back: "Voltar ao blog",
      notFound: "Post não encontrado",
      notFoundText: "O post que você procura não existe ou foi removido.",
      firstPost: "Como o Aula transforma um tema em um curso",
    },
  },
  en: {
    sections: {
      features: "Everything you need to learn a topic",
      howItWorks: "How it works",
      testimonials: "What learners could say",
      pricing: "Simple pricing",
      cta: "Ready to learn something new?",
    },
    testimonialsNote: "Illustrative examples, not quotes from real customers.",
    openMenu: "Open menu",
    footer: {
      about: "About",
      blog: "Blog",
      contact: "Contact",
      privacy: "Privacy Policy",
      terms: "Terms of Service",
      cancel: "Cancellation Policy",
      refund: "Refund Policy",
      billing: "Subscription & Billing Policy",
    },
    about: { title: "About Aula", getStarted: "Get Started", contactUs: "Contact Us" },
    policyTitles: {
      "privacy-policy": "Privacy Policy",
      terms: "Terms of Service",
      "cancellation-policy": "Cancellation Policy",
      "refund-policy": "Refund Policy",
      "subscription-billing-policy": "Subscription & Billing Policy",
    },
    policyContact: "Contact us",
    backHome: "Back to home",
    noRefund: "are not refunded",
    contact: {
      title: "Contact us",
      name: "Name",
      email: "Email",
      subject: "Subject",
      message: "Message",
      send: "Send Message",
      errors: {
        name: "Please enter your name",
        email: "Please enter your email",
        emailInvalid: "Please enter a valid email address",
        subject: "Please choose a subject",
        message: "Please enter a message",
      },
      subjectOption: "Support",
      successTitle: "Message sent",
      successText: "Thank you for reaching out. We've received your message and will respond as soon as possible.",
      again: "Send another message",
      faq: "Frequently asked questions",
    },
    blog: {
      latest: "Latest Articles",
      popular: "Popular Posts",
      readMore: "Read More",
      featured: "Featured",
      back: "Back to blog",
      notFound: "Blog Post Not Found",
      notFoundText: "The blog post you're looking for doesn't exist or has been removed.",
      firstPost: "How Aula turns a topic into a course",
    },
  },
};
