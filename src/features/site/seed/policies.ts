import type { Locale } from "@/i18n/config";
import type { PolicyKind } from "../policies";

/**
 * The default legal texts written at first start. They say what Aula actually does (see docs/features.md:
 * what is stored, which mails are sent, who processes payments, cancellation with no refund);
 * the admin edits them from the panel, and the seed never overwrites an edited text.
 */
export const DEFAULT_POLICIES: Record<PolicyKind, Record<Locale, string>> = {
  privacy: {
    en: `<h2>What we keep</h2>
<ul>
<li><strong>Your account:</strong> your name, your e-mail address, a hash of your password (never the password itself), your UI language and your plan.</li>
<li><strong>Your courses:</strong> the topics and subtopics you enter, the outlines and lessons the AI writes, your notes, your chat with the AI teacher, your progress, quiz results and certificates.</li>
<li><strong>Your sessions:</strong> each signed-in device with its browser name and the address it signed in from, so you can see them and sign them out in your profile.</li>
<li><strong>Payments:</strong> the plan, the amount, the date and the provider's reference. Card and wallet details are handled by the payment provider; we never see or store them.</li>
<li><strong>Messages</strong> you send through the contact form.</li>
</ul>
<h2>Who else processes it</h2>
<p>The topics you type and the text of your course are sent to the AI model provider configured by the operator to write the course. Images and videos are searched at image libraries and YouTube using the lesson's title. Mails are delivered through an e-mail provider.</p>
<h2>E-mails</h2>
<p>We send only mails about your account: a welcome mail, password reset links, a notice when your password or e-mail changes, your certificates and your payment receipts. No newsletters.</p>
<h2>Cookies</h2>
<p>One cookie keeps you signed in, one remembers your language and one the sidebar's state. There are no advertising or tracking cookies.</p>
<h2>Your rights</h2>
<p>You can change your name, e-mail and password in your profile at any time. Deleting your account deletes your courses, notes, chats, quizzes and sessions at once; issued certificates stay verifiable by their id and payment records are kept as accounting records required by law. Sent-mail records are deleted after 30 days.</p>`,
    pt: `<h2>O que guardamos</h2>
<ul>
<li><strong>Sua conta:</strong> seu nome, seu e-mail, um hash da sua senha (nunca a senha em si), o idioma da interface e o seu plano.</li>
<li><strong>Seus cursos:</strong> os temas e subtemas que você digita, os roteiros e aulas que a IA escreve, suas anotações, sua conversa com o professor de IA, seu progresso, resultados de quizzes e certificados.</li>
<li><strong>Suas sessões:</strong> cada dispositivo conectado, com o nome do navegador e o endereço de onde entrou, para que você possa vê-los e desconectá-los no seu perfil.</li>
<li><strong>Pagamentos:</strong> o plano, o valor, a data e a referência do provedor. Dados de cartão e de carteira digital ficam com o provedor de pagamento; nunca os vemos nem guardamos.</li>
<li><strong>Mensagens</strong> que você envia pelo formulário de contato.</li>
</ul>
<h2>Quem mais trata esses dados</h2>
<p>Os temas que você digita e o texto do seu curso são enviados ao provedor de modelo de IA configurado pelo operador para escrever o curso. Imagens e vídeos são buscados em bancos de imagens e no YouTube pelo título da aula. Os e-mails são entregues por um provedor de e-mail.</p>
<h2>E-mails</h2>
<p>Enviamos apenas e-mails sobre a sua conta: boas-vindas, links de redefinição de senha, avisos quando sua senha ou e-mail mudam, seus certificados e seus recibos de pagamento. Nada de newsletters.</p>
<h2>Cookies</h2>
<p>Um cookie mantém você conectado, um lembra o seu idioma e outro o estado da barra lateral. Não há cookies de publicidade ou rastreamento.</p>
<h2>Seus direitos</h2>
<p>Você pode alterar nome, e-mail e senha no seu perfil a qualquer momento. Excluir a conta apaga na hora seus cursos, anotações, conversas, quizzes e sessões; certificados emitidos continuam verificáveis pelo código e registros de pagamento são mantidos como registros contábeis exigidos por lei. Registros de e-mails enviados são apagados após 30 dias.</p>`,
  },
  terms: {
    en: `<h2>The service</h2>
<p>Aula turns a topic you choose into a course written by artificial intelligence: an outline, lessons with images or videos, an AI teacher chat, notes, a quiz, a certificate and PDF export.</p>
<h2>Your account</h2>
<p>You need an account with a valid e-mail address. Keep your password to yourself; you are responsible for what is done with your account.</p>
<h2>AI-written content</h2>
<p>Courses are written by an AI model and may contain mistakes. Check important facts before relying on them. You may use the courses you generate for your own learning and teaching.</p>
<h2>Acceptable use</h2>
<p>Do not use Aula to produce unlawful, hateful or infringing content, to attack the service or to get around the limits of your plan. We may suspend accounts that do.</p>
<h2>Plans</h2>
<p>The Free plan has limits shown on the pricing page. Paid plans are described in the Subscription and Billing Policy; cancellation is covered by the Cancellation and Refund policies.</p>
<h2>Changes</h2>
<p>We may update these terms; the current version is always on this page.</p>`,
    pt: `<h2>O serviço</h2>
<p>O Aula transforma um tema que você escolhe em um curso escrito por inteligência artificial: roteiro, aulas com imagens ou vídeos, chat com professor de IA, anotações, quiz, certificado e exportação em PDF.</p>
<h2>Sua conta</h2>
<p>Você precisa de uma conta com um e-mail válido. Mantenha sua senha em segredo; você é responsável pelo que é feito com a sua conta.</p>
<h2>Conteúdo escrito por IA</h2>
<p>Os cursos são escritos por um modelo de IA e podem conter erros. Confira fatos importantes antes de confiar neles. Você pode usar os cursos que gerar para aprender e ensinar.</p>
<h2>Uso aceitável</h2>
<p>Não use o Aula para produzir conteúdo ilegal, de ódio ou que viole direitos de terceiros, para atacar o serviço ou para contornar os limites do seu plano. Podemos suspender contas que o façam.</p>
<h2>Planos</h2>
<p>O plano Gratuito tem os limites mostrados na página de preços. Os planos pagos são descritos na Política de Assinatura e Cobrança; o cancelamento, nas Políticas de Cancelamento e de Reembolso.</p>
<h2>Alterações</h2>
<p>Podemos atualizar estes termos; a versão vigente está sempre nesta página.</p>`,
  },
  cancel: {
    en: `<h2>How to cancel</h2>
<p>You can cancel a paid plan at any time from your profile. No e-mail or call is needed.</p>
<h2>What happens</h2>
<p>Cancellation is immediate: no further charges are made and your account returns to the Free plan at once. Your courses stay in your account under the Free plan's limits.</p>
<p>Cancelling does not refund the current period (see the Refund Policy).</p>`,
    pt: `<h2>Como cancelar</h2>
<p>Você pode cancelar um plano pago a qualquer momento pelo seu perfil. Não é preciso enviar e-mail nem ligar.</p>
<h2>O que acontece</h2>
<p>O cancelamento é imediato: nenhuma nova cobrança é feita e sua conta volta na hora ao plano Gratuito. Seus cursos continuam na sua conta, dentro dos limites do plano Gratuito.</p>
<p>Cancelar não reembolsa o período atual (veja a Política de Reembolso).</p>`,
  },
  refund: {
    en: `<h2>No refunds</h2>
<p>Payments for the Monthly and Annual plans are not refunded, in whole or in part, including when you cancel before the period ends. Try the Free plan first to see whether Aula suits you.</p>
<h2>Charging errors</h2>
<p>If you were charged twice or charged after cancelling, write to us through the contact page with the payment reference from your receipt and we will correct it with the payment provider.</p>`,
    pt: `<h2>Sem reembolso</h2>
<p>Os pagamentos dos planos Mensal e Anual não são reembolsados, no todo ou em parte, inclusive quando você cancela antes do fim do período. Experimente antes o plano Gratuito para ver se o Aula serve para você.</p>
<h2>Erros de cobrança</h2>
<p>Se você foi cobrado duas vezes ou depois de cancelar, escreva para nós pela página de contato com a referência do pagamento que está no seu recibo, e corrigiremos junto ao provedor de pagamento.</p>`,
  },
  billing: {
    en: `<h2>Plans</h2>
<p>Aula has a Free plan with no time limit and two paid plans: Monthly, billed every month, and Annual, billed once a year. Prices are shown on the pricing page before you pay.</p>
<h2>Payment</h2>
<p>Payments are processed by third-party payment providers (card, online wallet and regional providers). We receive only the result of the payment and its reference, never your card details.</p>
<h2>Renewal</h2>
<p>A paid plan gives access for its period (one month or one year) from the date of payment and renews through the provider until you cancel. Each payment is confirmed by a receipt e-mail.</p>
<h2>Cancellation</h2>
<p>You can cancel at any time; cancellation is immediate and without refund, as described in the Cancellation and Refund policies.</p>`,
    pt: `<h2>Planos</h2>
<p>O Aula tem um plano Gratuito sem prazo e dois planos pagos: Mensal, cobrado todo mês, e Anual, cobrado uma vez por ano. Os preços aparecem na página de preços antes do pagamento.</p>
<h2>Pagamento</h2>
<p>Os pagamentos são processados por provedores de pagamento terceiros (cartão, carteira digital e provedores regionais). Recebemos apenas o resultado do pagamento e sua referência, nunca os dados do seu cartão.</p>
<h2>Renovação</h2>
<p>Um plano pago dá acesso pelo seu período (um mês ou um ano) a partir da data do pagamento e é renovado pelo provedor até que você cancele. Cada pagamento é confirmado por um recibo por e-mail.</p>
<h2>Cancelamento</h2>
<p>Você pode cancelar a qualquer momento; o cancelamento é imediato e sem reembolso, como descrito nas Políticas de Cancelamento e de Reembolso.</p>`,
  },
};
