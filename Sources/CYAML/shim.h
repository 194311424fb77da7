#include <yaml.h>
