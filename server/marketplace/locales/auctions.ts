/** The auction e-mails (issue 53) in each language the marketplace writes; spread into the mail texts. */
export const auctionMailEn = {
  'mail.auction.outbid.subject': '{{tenantName}}: you were outbid on {{lot}}',
  'mail.auction.outbid.body':
    'Another bidder has gone above your maximum on “{{lot}}”. The current bid is {{price}}; the next minimum bid is {{minimum}}. Bidding ends {{endsAt}}.',
  'mail.auction.won.subject': '{{tenantName}}: you won {{lot}}',
  'mail.auction.won.body':
    'You won “{{lot}}” at {{price}}. It is now order {{orderNumber}}: your bid is binding, please pay it on its terms.',
  'mail.auction.wonWaiting':
    'Choose its shipping and payment on the order’s page: you have no default preferences that fit it.',
  'mail.auction.lost.subject': '{{tenantName}}: {{lot}} has ended',
  'mail.auction.lost.body': '“{{lot}}” ended and went to another bidder at {{price}}.',
  'mail.auction.reserveNotMet.body': '“{{lot}}” ended without meeting the seller’s reserve price, so it was not sold.',
  'mail.auction.endingSoon.subject': '{{tenantName}}: {{lot}} ends soon',
  'mail.auction.endingSoon.body': '“{{lot}}”, on your watch list, ends {{endsAt}}. The current bid is {{price}}.',
  'mail.auction.secondChance.subject': '{{tenantName}}: a second chance at {{lot}}',
  'mail.auction.secondChance.body':
    '“{{lot}}” did not meet its reserve. The seller offers it to you, the highest bidder, at {{price}}: accept or decline on the lot’s page.',
  'mail.auction.where': 'See the lot on the $t(menu.auctions) page of {{siteTitle}}.',
  'mail.auction.why':
    'You get these e-mails because you bid on or watch lots; turn them off under Auction e-mails in your user menu.',
  /** An awarded lot's line on its order, invoice and bid confirmation. */
  'auction.orderLine': '{{title}} (devices: {{count}})',
} as const;

export const auctionMailFr: Record<keyof typeof auctionMailEn, string> = {
  'mail.auction.outbid.subject': '{{tenantName}} : votre enchère sur {{lot}} a été dépassée',
  'mail.auction.outbid.body':
    'Un autre enchérisseur a dépassé votre maximum sur « {{lot}} ». L’enchère actuelle est de {{price}} ; l’enchère minimale suivante est de {{minimum}}. Fin des enchères : {{endsAt}}.',
  'mail.auction.won.subject': '{{tenantName}} : vous avez remporté {{lot}}',
  'mail.auction.won.body':
    'Vous avez remporté « {{lot}} » à {{price}}. Il devient la commande {{orderNumber}} : votre enchère vous engage, merci de la régler selon ses conditions.',
  'mail.auction.wonWaiting':
    'Choisissez sa livraison et son paiement sur la page de la commande : vous n’avez pas de préférences par défaut qui lui conviennent.',
  'mail.auction.lost.subject': '{{tenantName}} : {{lot}} est terminé',
  'mail.auction.lost.body': '« {{lot}} » est terminé et a été remporté par un autre enchérisseur à {{price}}.',
  'mail.auction.reserveNotMet.body':
    '« {{lot}} » s’est terminé sans atteindre le prix de réserve du vendeur : il n’a pas été vendu.',
  'mail.auction.endingSoon.subject': '{{tenantName}} : {{lot}} se termine bientôt',
  'mail.auction.endingSoon.body':
    '« {{lot}} », dans votre liste de suivi, se termine le {{endsAt}}. L’enchère actuelle est de {{price}}.',
  'mail.auction.secondChance.subject': '{{tenantName}} : une seconde chance pour {{lot}}',
  'mail.auction.secondChance.body':
    '« {{lot}} » n’a pas atteint son prix de réserve. Le vendeur vous le propose, à vous le meilleur enchérisseur, à {{price}} : acceptez ou refusez sur la page du lot.',
  'mail.auction.where': 'Voyez le lot sur la page $t(menu.auctions) de {{siteTitle}}.',
  'mail.auction.why':
    'Vous recevez ces e-mails parce que vous enchérissez sur des lots ou les suivez ; désactivez-les sous E-mails d’enchères dans votre menu utilisateur.',
  'auction.orderLine': '{{title}} (appareils : {{count}})',
};

export const auctionMailDe: Record<keyof typeof auctionMailEn, string> = {
  'mail.auction.outbid.subject': '{{tenantName}}: Sie wurden bei {{lot}} überboten',
  'mail.auction.outbid.body':
    'Ein anderer Bieter hat Ihr Höchstgebot für „{{lot}}“ überboten. Das aktuelle Gebot beträgt {{price}}; das nächste Mindestgebot ist {{minimum}}. Die Auktion endet {{endsAt}}.',
  'mail.auction.won.subject': '{{tenantName}}: Sie haben {{lot}} gewonnen',
  'mail.auction.won.body':
    'Sie haben „{{lot}}“ für {{price}} gewonnen. Daraus wurde Bestellung {{orderNumber}}: Ihr Gebot ist verbindlich, bitte bezahlen Sie es zu seinen Bedingungen.',
  'mail.auction.wonWaiting':
    'Wählen Sie Versand und Zahlung auf der Seite der Bestellung: Sie haben keine passenden Standardeinstellungen.',
  'mail.auction.lost.subject': '{{tenantName}}: {{lot}} ist beendet',
  'mail.auction.lost.body': '„{{lot}}“ ist beendet und ging für {{price}} an einen anderen Bieter.',
  'mail.auction.reserveNotMet.body':
    '„{{lot}}“ endete, ohne den Mindestpreis des Verkäufers zu erreichen, und wurde nicht verkauft.',
  'mail.auction.endingSoon.subject': '{{tenantName}}: {{lot}} endet bald',
  'mail.auction.endingSoon.body':
    '„{{lot}}“ auf Ihrer Beobachtungsliste endet {{endsAt}}. Das aktuelle Gebot beträgt {{price}}.',
  'mail.auction.secondChance.subject': '{{tenantName}}: eine zweite Chance auf {{lot}}',
  'mail.auction.secondChance.body':
    '„{{lot}}“ hat seinen Mindestpreis nicht erreicht. Der Verkäufer bietet es Ihnen als Höchstbietendem für {{price}} an: Nehmen Sie auf der Seite des Loses an oder lehnen Sie ab.',
  'mail.auction.where': 'Sehen Sie das Los auf der Seite $t(menu.auctions) von {{siteTitle}}.',
  'mail.auction.why':
    'Sie erhalten diese E-Mails, weil Sie auf Lose bieten oder sie beobachten; schalten Sie sie unter Auktions-E-Mails in Ihrem Benutzermenü aus.',
  'auction.orderLine': '{{title}} (Geräte: {{count}})',
};
