// What a stylesheet import becomes in a server build: styles are linked from the HTML instead.
module.exports = {};
