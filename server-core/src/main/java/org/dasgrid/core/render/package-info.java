/**
 * Response writers: streaming DASGFF in XML (Woodstox StAX) and JSON (Jackson), and a small document tree
 * rendered to both for the other DAS documents.
 */
package org.dasgrid.core.render;
