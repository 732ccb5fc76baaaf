/** One class per DAS command, each validating its arguments and preparing a streamed answer. */
package org.dasgrid.core.das.command;
