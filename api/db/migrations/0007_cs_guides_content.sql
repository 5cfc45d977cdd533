-- Starting content of the customer-service pages: help guides, one service notice and one developer notice.
INSERT INTO "guides" ("title", "content") VALUES
('루브 충전 방법 (How to buy luv)', '마이페이지 > 루브에서 충전할 금액과 결제 수단을 고르면 결제가 끝나는 즉시 루브가 지급됩니다. / Open My page > Luv, choose an amount and a payment method; the luv arrives as soon as the payment completes.'),
('쪽지와 차단 (Messages and blocking)', '마이페이지 > 쪽지에서 쪽지를 보내고 받을 수 있습니다. 차단한 회원은 나에게 쪽지를 보낼 수 없고 채팅도 보이지 않습니다. / Send and read messages in My page > Messages. A member you block cannot message you and their chat lines are hidden.'),
('신고하기 (Reporting a member)', '고객센터 > 신고하기에서 대상 ID와 내용을 적고 증거 이미지를 첨부하세요(PNG, JPEG, GIF, WebP, 5MB 이하, 최대 3개). / Customer service > Reports: enter the member ID, describe what happened and attach up to 3 images (PNG, JPEG, GIF or WebP, 5 MB each).'),
('방송국 개설 신청 (Applying for a channel)', '마이페이지 > 방송국 관리에서 방송국 개설을 신청하면 운영자 검토 후 승인 또는 반려됩니다. / Apply in My page > Broadcaster tools; an operator approves or rejects the application.');
--> statement-breakpoint
INSERT INTO "cs_notices" ("kind", "title", "content") VALUES
('notice', '서비스 이용 안내 (Welcome)', '고객센터에서 1:1 문의, 공지사항, 이용 가이드를 확인할 수 있습니다. / Customer service has 1:1 inquiries, notices and guides.'),
('develop', '문의 목록 v2 API 안내 (Inquiry list v2)', 'GET /v2/api/cs/inquiry-list 는 v1 응답에 hasNext 를 더해 돌려줍니다. / GET /v2/api/cs/inquiry-list answers the v1 list plus a hasNext flag.');
