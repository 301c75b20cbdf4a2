#ifndef C_LIBXML2_SHIM_H
#define C_LIBXML2_SHIM_H
/* libxml2: the XML pull reader for feeds and the HTML parser for article bodies. */
#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, so encoding.h would pull in the system ICU headers, which clash
 * with the ICU copy inside Foundation (_FoundationICU: "UErrorCode ... not present"). Nothing here
 * uses ICU types; the only effect of hiding them is that xmlCharEncodingHandler loses its two
 * trailing ICU pointers, so never access that struct's fields or size from Swift. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/encoding.h>
#include <libxml/xmlerror.h>
#include <libxml/entities.h>
#include <libxml/xmlmemory.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlwriter.h>

/* xmlFree is a global function-pointer variable; Swift 6 refuses to read mutable globals. */
static inline void jarvis_xmlFree(void *p) { xmlFree(p); }
#endif
